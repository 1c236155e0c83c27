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

/// `s` in the Course pane for a text written in the student's editor (`$VISUAL`, which gets the
/// terminal while it runs) and for a link typed, against the fake Canvas.
@Suite(.serialized) struct TextHandInPaneEndToEndTests {
    @Test func aTextFromTheEditorAndATypedLinkAreHandedInAndAnEmptyTextCancels() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 120, height: 40)
        defer { tmux.close() }
        let answer = tmux.directory.appendingPathComponent("answer.txt")
        let editor = tmux.directory.appendingPathComponent("editor")
        try Data("#!/bin/sh\ncat \(answer.path.shellQuoted) > \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try Data("Rivers carve valleys.\n\nSlowly, over ages.\n".utf8).write(to: answer)
        try tmux.launchApp(canvas: server, ["--course", "52"], environment: ["VISUAL": editor.path, "EDITOR": "false"])
        try await tmux.waitFor(boxTitled: "Course", "the assignments") { $0.contains("Essay") && $0.contains("Assignments") }

        try await pick("Essay", in: tmux)
        try tmux.press("t")
        let question = try await tmux.waitFor(boxTitled: "Course", "the question about the text") { $0.contains("Hand in a text of 6 words to Essay") }
        #expect(question.contains("Rivers carve valleys."), "the text is shown before it is handed in")
        try tmux.press("y")
        try await tmux.waitFor(boxTitled: "Course", "the text handed in", timeout: .seconds(90)) { $0.contains("Handed in a text of 6 words to Essay") }
        var made = try await server.submissions()
        #expect(made.count == 1 && made.first?.submission_type == "online_text_entry", "\(made)")
        #expect(made.first?.body == "<p>Rivers carve valleys.</p><p>Slowly, over ages.</p>")

        try Data().write(to: answer)
        try await pick("Essay", in: tmux)
        try tmux.press("t")
        try await tmux.waitFor(boxTitled: "Course", "the empty text cancelled") { $0.contains("Nothing was written, so nothing is handed in") }

        try await pick("Essay", in: tmux)
        try tmux.press("l")
        try tmux.type("example.org/site")
        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Course", "the question about the link") { $0.contains("Hand in the link http://example.org/site to Essay") }
        try tmux.press("y")
        try await tmux.waitFor(boxTitled: "Course", "the link handed in", timeout: .seconds(90)) { $0.contains("Handed in the link http://example.org/site") }
        made = try await server.submissions()
        #expect(made.map(\.attempt) == [1, 2], "nothing cancelled was sent: \(made)")
        #expect(made.last?.url == "http://example.org/site")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Opens the hand-in flow, finds `assignment` and picks it, up to the kinds chooser.
    private func pick(_ assignment: String, in tmux: TmuxSession) async throws {
        try tmux.press("s")
        try await tmux.waitFor(boxTitled: "Course", "the picker") { $0.contains("Submit to:") }
        try tmux.type(assignment)
        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Course", "the kinds to choose from") { $0.contains("Hand in to \(assignment) as:") }
    }
}
