import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TestSupport

/// A text's draft: where it is kept, what is read from it once the editor closes, what the
/// editor's turn and the queueing do to it.
struct TextDraftTests {
    static let essay = Assignment(id: "../7 x", name: "Essay", submissionTypes: ["online_text_entry"])

    func services(in folder: ScratchFolder, editor: TextEditor, queue: UploadQueueClient = .noOp) -> HandInFlow.Services {
        var environment = EnvironmentValues()
        environment.paths = Paths(dataDirectory: folder.url, homeDirectory: folder.url, configDirectory: folder.url)
        environment.textEditor = editor
        environment.uploadQueue = queue
        return HandInFlow.Services(environment: environment)
    }

    @Test func aDraftIsOnePerAssignmentWithANameNoIDCanEscape() throws {
        let place = TextDraft.place(for: Self.essay, of: try #require(CourseID("sis_course_id:A/1")), in: URL(fileURLWithPath: "/d"))
        #expect(place.path == "/d/course-sis_course_id_A_1-assignment-___7_x.txt")
    }

    @Test func whatTheEditorLeftIsReadAndADraftOfBlanksIsRemoved() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let draft = LocalPath(folder.url.appendingPathComponent("d.txt").path)
        #expect(TextDraft.read(draft) == .empty, "no file: nothing was written")
        try Data(" \n\t\n".utf8).write(to: URL(fileURLWithPath: draft.path))
        #expect(TextDraft.read(draft) == .empty)
        #expect(!FileManager.default.fileExists(atPath: draft.path))
        try Data([0x66, 0xFF, 0x66]).write(to: URL(fileURLWithPath: draft.path))
        #expect(TextDraft.read(draft) == .unusable("\(draft.path) is not UTF-8 text", draft: draft))
        try Data(repeating: 0x61, count: HandInText.largest + 1).write(to: URL(fileURLWithPath: draft.path))
        guard case let .unusable(message, kept) = TextDraft.read(draft) else { Issue.record("a text too long was taken"); return }
        #expect(message.hasPrefix("The text is longer than 4.2 MB") && kept == draft, "\(message)")
        try Data("Tiếng Việt, gõ bằng vim\n".utf8).write(to: URL(fileURLWithPath: draft.path))
        #expect(TextDraft.read(draft) == .text("Tiếng Việt, gõ bằng vim\n", draft: draft))
    }

    @Test func controlCharactersPastedIntoADraftAreNotSentAndLineEndsAreKept() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let draft = LocalPath(folder.url.appendingPathComponent("d.txt").path)
        try Data("Hi \u{1B}[31mred\u{1B}[0m\r\nnext\u{7}\u{9B}line\tend\r".utf8).write(to: URL(fileURLWithPath: draft.path))
        #expect(TextDraft.read(draft) == .text("Hi [31mred[0m\nnextline\tend\n", draft: draft))
        #expect(TextDraftTests.draftPlaces() == [
            "/d/course-52-discussion-600521.txt", "/d/course-52-discussion-600521-entry-___1.txt",
        ], "one draft per discussion, and per reply replied to")
    }

    static func draftPlaces() -> [String] {
        let folder = URL(fileURLWithPath: "/d")
        let post = UploadJob.DiscussionReply(topicID: "600521", topicTitle: "Week 3", text: "")
        var reply = post
        reply.entryID = "../1"
        return [post, reply].map { TextDraft.place(for: $0, of: CourseID(52), in: folder).path }
    }

    @Test func theEditorWritesInAFolderOnlyTheStudentReadsAndAFailureKeepsWhatItWrote() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let opened = Recorder<String>()
        let writer = TextEditor { file in
            opened.record(file.path)
            try? Data("An answer\n".utf8).write(to: URL(fileURLWithPath: file.path))
            return .edited
        }
        let reading = await HandInFlow.write(Self.essay, of: CourseID(3), with: services(in: folder, editor: writer))
        let draft = TextDraft.place(for: Self.essay, of: CourseID(3), in: folder.url.appendingPathComponent("drafts"))
        #expect(opened.values == [draft.path])
        #expect(reading == .text("An answer\n", draft: draft))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("drafts").path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let crashing = TextEditor { _ in .failed("The editor (vim) was stopped by signal 9") }
        let failed = await HandInFlow.write(Self.essay, of: CourseID(3), with: services(in: folder, editor: crashing))
        #expect(failed == .unusable("The editor (vim) was stopped by signal 9; what was written stays in \(draft.path)", draft: draft))
    }

    @Test func aQueuedTextsDraftIsRemovedAndOneTheQueueRefusedIsKept() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let draft = LocalPath(folder.url.appendingPathComponent("d.txt").path)
        try Data("words".utf8).write(to: URL(fileURLWithPath: draft.path))
        let sent = Recorder<String?>()
        let job = UploadJob(id: "j", courseID: CourseID(3), fileName: "Essay", sourcePath: "", size: 0, backend: "canvas", queuedAt: Date())
        var accepting = UploadQueueClient.noOp
        accepting.enqueueContent = { text, _, _, _ in
            sent.record(text)
            return job
        }
        var refusing = UploadQueueClient.noOp
        refusing.enqueueContent = { _, _, _, _ in throw CourseClient.Failure(userMessage: "the queue can't be written") }
        let refused = await HandInFlow.queue(.text("words", draft: draft), for: CourseID(3), to: Self.essay, in: refusing)
        #expect(refused.failure?.message == "the queue can't be written")
        #expect(FileManager.default.fileExists(atPath: draft.path), "nothing lost")
        let queued = await HandInFlow.queue(.text("words", draft: draft), for: CourseID(3), to: Self.essay, in: accepting)
        #expect(queued.jobs == [job] && sent.values == ["words"])
        #expect(!FileManager.default.fileExists(atPath: draft.path), "the job holds the text now")
    }
}
