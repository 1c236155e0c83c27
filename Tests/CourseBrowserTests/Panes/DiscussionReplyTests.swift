import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// `R` in the Course pane: a reply to the selected discussion, or to a reply selected in its open
/// thread, written in the student's editor, shown and asked about, then queued; a discussion that
/// takes no replies says so before anything is written.
@MainActor
struct DiscussionReplyTests {
    typealias Topics = DiscussionSectionTests

    let folder: ScratchFolder
    let opened = Recorder<String>()
    let queued = Recorder<UploadJob.DiscussionReply>()
    let reads = Recorder<String>()

    init() throws {
        folder = try ScratchFolder()
    }

    /// A pane whose editor writes `words` into the draft it is opened on.
    func pane(writing words: String = "Câu 2: 4,2 m/s\n\nThanks, Lan", capabilities: BackendCapabilities = .canvas) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        environment.paths = Paths(dataDirectory: folder.url, homeDirectory: folder.url, configDirectory: folder.url)
        environment.capabilities = capabilities
        let reads = reads
        environment.discussions = DiscussionClient(
            topics: { _, _ in Topics.topics },
            thread: { _, topic in
                reads.record(topic)
                // Once the student posted, the thread has their post.
                return Topics.thread + (reads.values.count > 1 ? [DiscussionEntry(id: "9", authorName: "Me", messageHTML: "<p>Thanks</p>")] : [])
            },
            markRead: { _, _, _ in }
        )
        let opened = opened
        environment.textEditor = TextEditor { file in
            opened.record(file.path)
            try? Data(words.utf8).write(to: URL(fileURLWithPath: file.path))
            return .edited
        }
        var queue = UploadQueueClient.noOp
        let queued = queued
        queue.enqueueReply = { reply, course in
            queued.record(reply)
            return UploadJob(id: "r1", courseID: course, files: [], backend: "canvas", queuedAt: Date())
        }
        environment.uploadQueue = queue
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    func draft(_ name: String) -> String {
        folder.url.appendingPathComponent("drafts").appendingPathComponent("course-\(Fixtures.swift.id.rawValue)-\(name).txt").path
    }

    /// Selects the item for which `isIt` holds, with `n`.
    func select(in pane: CourseDetailPane, where isIt: (CourseDetailState) -> Bool) {
        _ = pane.lines(width: 80, height: 80)
        for _ in 0..<30 where !isIt(pane.state) {
            _ = pane.handle(.character("n"))
        }
    }

    @Test func aPostToTheDiscussionIsWrittenShownAskedAboutThenQueuedAndItsDraftRemoved() async throws {
        defer { folder.remove() }
        let pane = await pane()
        select(in: pane) { $0.selectedTopic?.id == "71" }
        #expect(pane.handle(.character("R")))
        await settle { pane.state.reply?.stage != .writing }
        #expect(opened.values == [draft("discussion-71")])
        let lines = pane.lines(width: 120, height: 80)
        #expect(lines.contains("   Câu 2: 4,2 m/s") && lines.contains("   Thanks, Lan"), "what was written shows first")
        #expect(lines.contains(" Post your reply of 6 words to Week 3 questions? y posts · e edits it · n not now"))
        #expect(pane.handle(.character("y")))
        await settle { pane.state.reply == nil }
        #expect(queued.values == [UploadJob.DiscussionReply(topicID: "71", topicTitle: "Week 3 questions", text: "Câu 2: 4,2 m/s\n\nThanks, Lan")])
        #expect(pane.lines(width: 120, height: 80).contains(" Queued your reply to Week 3 questions; it is posted once, when the network allows"))
        #expect(!FileManager.default.fileExists(atPath: draft("discussion-71")), "the queue holds the words now")
    }

    @Test func aReplySelectedInAnOpenThreadIsRepliedToUnderItsThreadsTopPost() async throws {
        defer { folder.remove() }
        let pane = await pane()
        select(in: pane) { $0.selectedTopic?.id == "71" }
        _ = pane.handle(.enter)
        await settle { pane.state.discussions.reading.threads["71"]?.entries != nil }
        select(in: pane) { $0.selectedEntry?.entry.id == "2" }
        #expect(pane.state.selectedEntry?.thread == "1", "the nested reply's thread is its top post's")
        #expect(pane.handle(.character("R")))
        await settle { pane.state.reply?.stage != .writing }
        #expect(opened.values == [draft("discussion-71-entry-2")])
        #expect(pane.lines(width: 130, height: 80).contains(" Post your reply of 6 words to Dr. Chen's reply in Week 3 questions? y posts · e edits it · n not now"))
        _ = pane.handle(.character("y"))
        await settle { pane.state.reply == nil }
        #expect(queued.values.map { [$0.entryID, $0.threadID] } == [["2", "1"]])
        select(in: pane) { $0.selectedEntry?.entry.id == "3" }
        #expect(pane.state.availability(of: .reply) == .disabled("That reply was deleted; reply to the discussion or another reply"))
        #expect(pane.handle(.enter), "Enter on a reply folds its discussion")
        #expect(pane.state.selectedTopic?.id == "71" && pane.state.selectedEntry == nil, "the discussion is selected again")
    }

    @Test func aClosedDiscussionOrABackendThatTakesNoPostsSaysSoBeforeAnythingIsWritten() async throws {
        defer { folder.remove() }
        let pane = await pane()
        select(in: pane) { $0.selectedTopic?.id == "72" }
        #expect(pane.state.availability(of: .reply) == .disabled("“Reflection post” is closed for comments"))
        _ = pane.handle(.character("R"))
        #expect(pane.state.reply == nil && opened.values.isEmpty)
        let catalog = await self.pane(capabilities: .catalog)
        select(in: catalog) { $0.selectedTopic?.id == "71" }
        #expect(catalog.state.availability(of: .reply) == .disabled("The catalog keeps no discussions to post to"))
    }

    @Test func nothingWrittenPostsNothingAndNotNowKeepsTheDraftForNextTime() async throws {
        defer { folder.remove() }
        let empty = await pane(writing: "  \n")
        select(in: empty) { $0.selectedTopic?.id == "71" }
        _ = empty.handle(.character("R"))
        await settle { empty.state.reply == nil }
        #expect(empty.lines(width: 80, height: 80).contains(" Nothing was written, so nothing is posted"))
        let pane = await pane()
        select(in: pane) { $0.selectedTopic?.id == "71" }
        _ = pane.handle(.character("R"))
        await settle { pane.state.reply?.stage != .writing }
        _ = pane.handle(.character("e"))
        await settle { opened.values.count == 3 && pane.state.reply?.stage != .writing }
        _ = pane.handle(.character("n"))
        #expect(pane.state.reply == nil && queued.values.isEmpty)
        #expect(FileManager.default.fileExists(atPath: draft("discussion-71")), "the words wait in their draft")
    }

    @Test func onceTheReplyIsPostedThePaneSaysSoAndReadsTheThreadAgain() async throws {
        defer { folder.remove() }
        let pane = await pane()
        select(in: pane) { $0.selectedTopic?.id == "71" }
        _ = pane.handle(.enter)
        await settle { reads.values.count == 1 }
        var job = UploadJob(id: "r1", courseID: Fixtures.swift.id, files: [], backend: "canvas", queuedAt: Date())
        job.discussionReply = UploadJob.DiscussionReply(topicID: "71", topicTitle: "Week 3 questions", text: "Thanks", postedID: "9")
        job.state = .uploading
        pane.update(.uploadChanged(.updated(job)))
        #expect(reads.values.count == 1)
        job.state = .done
        pane.update(.uploadChanged(.updated(job)))
        await settle { reads.values.count == 2 && pane.state.selectedEntry != nil }
        #expect(pane.lines(width: 80, height: 80).contains(" Your reply to Week 3 questions was posted"))
        #expect(pane.state.selectedEntry?.entry.id == "9", "the post is selected in its thread, to be seen")
        job.state = .failed(reason: "Canvas refused")
        pane.update(.uploadChanged(.updated(job)))
        #expect(pane.lines(width: 120, height: 80).contains(" Couldn't post your reply to Week 3 questions: Canvas refused; the Uploads pane can retry it"))
    }
}
