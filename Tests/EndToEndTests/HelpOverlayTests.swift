import Foundation
import Testing

/// `?` shows every key in a box titled Keys, the focused pane's first, scrolling to the rest;
/// Esc or `?` closes it and the panes come back.
@Suite struct HelpOverlayTests {
    @Test func questionMarkOpensHelpAndEscapeClosesIt() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · Current · 43", "the sample catalog") { $0.isFocused }

        try tmux.press("?")
        let help = try await tmux.waitFor(box: "Keys", "the key list") { $0.contains("open the selected course") }
        #expect(help.isFocused)
        #expect(help.lines.first?.trimmingCharacters(in: .whitespaces) == "Courses", "the focused pane's keys come first")

        try tmux.press("End")
        let end = try await tmux.waitFor(box: "Keys", "the end of the key list") { $0.contains("suspend; fg brings it back") }
        #expect(end.lines.contains { $0.contains("q  Ctrl-C") && $0.hasSuffix("quit") })
        #expect(end.containsIgnoringWrapping("queue the files to upload; files to hand in, ask y/n first"), "a long row wraps inside the box")
        #expect(end.contains("Before a hand-in"), "the prompts' keys are listed too")

        // While help is open, list keys do nothing: Enter must not open a course.
        try tmux.press("Enter", "Escape")
        let closed = try await tmux.waitFor("the help box to close") { $0.box("Keys") == nil }
        #expect(closed.box("Courses · Current · 43")?.isFocused == true)
        #expect(closed.box("Course")?.contains("Select a course and press Enter to open it.") == true)

        try tmux.press("?")
        try await tmux.waitFor("help again") { $0.box("Keys") != nil }
        try tmux.press("?")
        try await tmux.waitFor("'?' to close help too") { $0.box("Keys") == nil }
    }
}
