import CourseKit
import Foundation
@testable import Launch
import TerminalUI
import Testing
import TestSupport

/// The student's editor as `git commit` runs it: chosen from the environment, run through the
/// shell on the file, and what became of it told apart.
struct TextEditorLiveTests {
    @Test func visualComesBeforeEditorAndViIsTheLastResort() {
        #expect(TextEditor.command(in: ["VISUAL": "nano", "EDITOR": "vim"]) == "nano")
        #expect(TextEditor.command(in: ["VISUAL": " ", "EDITOR": "vim"]) == "vim")
        #expect(TextEditor.command(in: [:]) == "vi")
    }

    @Test func anEditorWithWordsOfItsOwnEditsTheFileItIsGiven() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let editor = try folder.script("write-answer", #"printf '%s' "$1 $2" > "$3""#)
        let draft = folder.url.appendingPathComponent("draft with spaces.txt")
        // Through sh, not exec: a script just written can't be exec'd while a test running beside
        // this one forks with its write still open (ETXTBSY, which sh reports as 126).
        let outcome = TextEditor.run("sh \(editor) first second", on: draft.path, environment: ["PATH": "/usr/bin:/bin"])
        #expect(outcome == .edited)
        #expect(try String(contentsOf: draft, encoding: .utf8) == "first second")
    }

    @Test func anEditorThatFailsOrIsMissingSaysSo() {
        let environment = ["PATH": "/usr/bin:/bin"]
        #expect(TextEditor.run("false", on: "/dev/null", environment: environment) == .failed("The editor (false) exited with status 1"))
        #expect(TextEditor.run("no-such-editor-here", on: "/dev/null", environment: environment)
            == .failed("The editor (no-such-editor-here) could not be started; set VISUAL or EDITOR to one that is installed"))
        #expect(TextEditor.run("kill -9 $$; :", on: "/dev/null", environment: environment) == .failed("The editor (kill -9 $$; :) was stopped by signal 9"))
    }

    @Test func theCanvasTokenIsNotPassedToTheEditor() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let editor = try folder.script("print-token", #"printf '%s' "${CANVAS_TOKEN-unset}" > "$1""#)
        let draft = folder.url.appendingPathComponent("d.txt")
        let live = TextEditor.live(environment: ["EDITOR": "sh \(editor)", "CANVAS_TOKEN": "secret", "PATH": "/usr/bin:/bin"], handover: TerminalHandover())
        #expect(await live.edit(LocalPath(draft.path)) == .edited)
        #expect(try String(contentsOf: draft, encoding: .utf8) == "unset")
    }
}
