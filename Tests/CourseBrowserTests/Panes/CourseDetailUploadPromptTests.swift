import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct CourseDetailUploadPromptTests {
    func render(_ pane: CourseDetailPane, width: Int = 60) -> [String] {
        pane.lines(width: width, height: 12)
    }

    func type(_ text: String, into pane: CourseDetailPane) {
        for character in text { _ = pane.handle(.character(character)) }
    }

    func opened(_ queue: UploadQueueClient) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        environment.uploadQueue = queue
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    @Test func uOpensThePromptAndEnterQueuesTheFileForTheShownCourse() async {
        let queued = Recorder<String>()
        var queue = UploadQueueClient.noOp
        queue.enqueue = { file, course in
            queued.append("\(course) \(file.path)")
            return UploadJob(id: "1", courseID: course, fileName: file.lastPathComponent, sourcePath: file.path, size: 1, backend: "offline", queuedAt: Fixtures.start)
        }
        let pane = await opened(queue)
        #expect(pane.handle(.character("u")))
        #expect(pane.capturesKeys)
        type("'/tmp/essay q.pdf'", into: pane)
        #expect(render(pane)[0] == " Upload file: '/tmp/essay q.pdf'")
        _ = pane.handle(.enter)
        await settle { pane.state.handIn?.prompt == nil }
        #expect(queued.values == ["101 /tmp/essay q.pdf"])
        #expect(render(pane)[0] == " Queued essay q.pdf for upload")
    }

    @Test func aFileThatCantBeQueuedIsAMessageInThePromptNotAJob() async {
        var queue = UploadQueueClient.noOp
        queue.enqueue = { file, _ in throw CourseClient.Failure(userMessage: "Can't find \(file.path)") }
        let pane = await opened(queue)
        _ = pane.handle(.character("u"))
        type("/nope.pdf", into: pane)
        _ = pane.handle(.enter)
        await settle { pane.state.handIn?.prompt?.problem != nil }
        let lines = render(pane)
        #expect(lines[0] == " Upload file: /nope.pdf")
        #expect(lines[1] == " ❗ Can't find /nope.pdf")
        #expect(pane.capturesKeys, "the prompt stays open to fix the path")
    }

    @Test func tildeIsTheHomeFromTheEnvironment() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: home.appendingPathComponent("final.txt").path, contents: Data("x".utf8))
        let queued = Recorder<String>()
        var environment = Fixtures.environment()
        environment.paths = Paths(dataDirectory: home.appendingPathComponent("data"), homeDirectory: home, configDirectory: home.appendingPathComponent("config"))
        environment.uploadQueue.enqueue = { file, course in
            queued.append(file.path)
            return UploadJob(id: "1", courseID: course, fileName: file.lastPathComponent, sourcePath: file.path, size: 1, backend: "offline", queuedAt: Fixtures.start)
        }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        _ = pane.handle(.character("u"))
        type("~/fi", into: pane)
        _ = pane.handle(.tab)
        #expect(render(pane)[0] == " Upload file: ~/final.txt")
        _ = pane.handle(.enter)
        await settle { !queued.values.isEmpty }
        #expect(queued.values == [home.appendingPathComponent("final.txt").path])
    }

    @Test func escapeCancelsAndTheCourseIsBack() async {
        let pane = await opened(.noOp)
        _ = pane.handle(.character("u"))
        type("q", into: pane)
        _ = pane.handle(.escape)
        #expect(!pane.capturesKeys)
        #expect(render(pane)[0] == " Lập trình Swift cơ bản")
    }

    @Test func noPromptWithoutACourseButTheReasonInstead() {
        let pane = CourseDetailPane(environment: Fixtures.environment())
        _ = pane.handle(.character("u"))
        #expect(pane.state.handIn?.prompt == nil)
        #expect(pane.lines(width: 50, height: 10)[0] == " No course is open")
        #expect(!pane.hints.contains { $0.key == "u" })
    }

    @Test func theShellSendsEveryKeyToAnOpenPromptSoQTypesAQ() async {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        _ = shell.handle(.character("u"))
        #expect(shell.handle(.character("q")) == .handled)
        #expect(shell.handle(.tab) == .handled)
        #expect(shell.focus == .detail)
        #expect(shell.lines(width: 100, height: 20).last == " Tab complete  Enter queue  Esc cancel  Ctrl-C quit")
        #expect(shell.handle(.control("c")) == .quit)
    }
}

@MainActor
struct CourseDetailSeveralUploadsTests {
    @Test func eachPathIsQueuedAndTheFirstThatFailsStaysInThePromptWithTheRest() async {
        let queued = Recorder<String>()
        var environment = Fixtures.environment()
        environment.uploadQueue.enqueue = { file, course in
            guard !file.path.hasSuffix("missing.pdf") else { throw CourseClient.Failure(userMessage: "Can't find \(file.path)") }
            queued.append(file.path)
            return UploadJob(id: file.path, courseID: course, fileName: file.lastPathComponent, sourcePath: file.path, size: 1, backend: "offline", queuedAt: Fixtures.start)
        }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        _ = pane.handle(.character("u"))
        for character in #"/tmp/a.pdf /tmp/missing.pdf /tmp/c\ d.pdf"# { _ = pane.handle(.character(character)) }
        _ = pane.handle(.enter)
        await settle { pane.state.handIn?.prompt?.problem != nil }
        #expect(queued.values == ["/tmp/a.pdf"], "queued in order up to the one that failed")
        let lines = pane.lines(width: 80, height: 12)
        #expect(lines[0] == #" Upload file: /tmp/missing.pdf /tmp/c\ d.pdf"#)
        #expect(lines[1] == " Queued a.pdf", "the success first, without a failure's mark")
        #expect(lines[2] == " ❗ Not queued: Can't find /tmp/missing.pdf")
    }
}
