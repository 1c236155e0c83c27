import FakeCanvasKit
import Foundation
import Testing

/// `coursebrowser submit --text FILE` and `--url URL` against the fake Canvas: checked as a
/// hand-in of files is, queued, and sent exactly once, also when Canvas's answer is lost.
@Suite(.serialized) struct TextHandInEndToEndTests {
    /// Course 52's Essay on the fake takes a text entry or a link as well as files.
    static let essay = FakeCanvasServer.assignmentID(course: 52, number: 2)

    @Test func aTextAndALinkAreHandedInOnceEachAndWhatCantBeIsRefused() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let (directory, canvas, environment) = (shell.directory, shell.arguments, shell.environment)
        let text = directory.appendingPathComponent("essay.txt")
        try Data("Value types & reference types\nbehave differently.\n\nA second paragraph.\n".utf8).write(to: text)

        // Canvas makes the attempt and the answer is lost: drain reads it back, never sends twice.
        try await server.fault(#"{"match": "/submissions$", "method": "POST", "kind": "lost_reply", "count": 1}"#)
        let submit = try AppCommand.run(["submit", "--course", "52", "--assignment", Self.essay, "--text", text.path] + canvas, environment: environment)
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(submit.stderr.contains("Hand in a text of 10 words to Essay"), "\(submit.stderr)")
        #expect(submit.stdout.contains("Essay: a text of 10 words"), "\(submit.stdout)")
        let drained = try AppCommand.run(["drain", "--timeout", "120"] + canvas, environment: environment)
        #expect(drained.status == 0, "\(drained.stdout) \(drained.stderr)")
        #expect(drained.stdout.contains("sending ") && drained.stdout.contains(" text: 10 words (attempt 1)"), "no file is uploaded: \(drained.stdout)")
        var made = try await server.submissions()
        #expect(made.count == 1, "one attempt: \(made)")
        #expect(made.first?.submission_type == "online_text_entry")
        #expect(made.first?.body == "<p>Value types &amp; reference types<br>behave differently.</p><p>A second paragraph.</p>")

        let link = try AppCommand.run(["submit", "--course", "52", "--assignment", Self.essay, "--url", "example.com/essay", "--yes"] + canvas, environment: environment)
        #expect(link.status == 0, "\(link.stderr)")
        #expect(try AppCommand.run(["drain"] + canvas, environment: environment).status == 0)
        made = try await server.submissions()
        #expect(made.map(\.attempt) == [1, 2])
        #expect(made.last?.url == "http://example.com/essay")

        let homework = FakeCanvasServer.assignmentID(course: 52, number: 1)
        let refused = try AppCommand.run(["submit", "--course", "52", "--assignment", homework, "--url", "example.com"] + canvas, environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr == "coursebrowser: Homework 1 takes no link (it takes: online upload)\n", "\(refused.stderr)")
        let blank = directory.appendingPathComponent("blank.txt")
        try Data(" \n\n".utf8).write(to: blank)
        let empty = try AppCommand.run(["submit", "--course", "52", "--assignment", Self.essay, "--text", blank.path] + canvas, environment: environment)
        #expect(empty.stderr == "coursebrowser: \(blank.path) is empty: there is nothing to hand in\n", "\(empty.stderr)")
        let both = try AppCommand.run(["submit", "--course", "52", "--assignment", Self.essay, "--text", text.path, "--url", "x.org"] + canvas, environment: environment)
        #expect(both.status == 2 && both.stderr.contains("not both"), "\(both.stderr)")
        #expect(try await server.submissions().count == 2, "nothing refused was sent")
    }
}
