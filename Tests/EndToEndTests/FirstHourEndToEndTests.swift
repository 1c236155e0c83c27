import Foundation
import Testing

/// A new user's first hour on the sample catalog: a Due pane that can be read at every size,
/// one cursor in the Course pane, Tab in the screen's order, a queue named for what it holds,
/// and footers that say "N of M".
@Suite struct FirstHourEndToEndTests {
    /// `--due` at `width`×`height`: the Due pane focused, wide and tall enough to read, each row
    /// with its course's code, the selected one whole under the list, an empty queue one row.
    @Test(arguments: [(80, 24), (120, 40), (170, 55)])
    func dueOpensOnAPaneThatCanBeRead(size: (width: Int, height: Int)) async throws {
        let tmux = try await TmuxSession(width: size.width, height: size.height)
        defer { tmux.close() }
        try tmux.launchApp(["--due"])
        let screen = try await tmux.waitFor("the Due pane focused with its rows") {
            $0.box("Due · 29 missing")?.isFocused == true && $0.box("Due · 29 missing")?.contains("Reading Response") == true
        }
        let due = try #require(screen.box("Due · 29 missing"))
        let lines = due.lines.map { $0.trimmingSpaces() }
        #expect(lines.count >= (size.height - 4) / 2, "\(lines.count) rows of \(size.height): \(screen)")
        let rows = lines.filter { $0.hasPrefix("Thu 3 Dec ") }
        #expect(!rows.isEmpty, "\(screen)")
        #expect(rows.allSatisfy { $0.dropFirst(10).first?.isLetter == true || $0.dropFirst(10).first?.isNumber == true }, "a code after the day: \(rows)")
        #expect(rows.first?.hasPrefix("Thu 3 Dec CS 201") == true && rows.first?.contains("Reading Resp") == true, "\(rows)")
        #expect(size.width > 100 || lines.contains { $0.hasPrefix("› Reading Response — Data Structures and") }, "the selected row whole: \(lines)")
        let queue = try #require(screen.box("Queue"))
        #expect(queue.lines.count == 1 && queue.contains("Nothing queued"), "\(queue)")
        #expect(screen.contains("1 of 128"), "the selected item of all, headings not counted: \(screen)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func underLangCDueRowsKeepTheirCodesAndTheSelectedOneShowsWhole() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24)
        defer { tmux.close() }
        try tmux.launchApp(["--due"], environment: ["LANG": "C"])
        let screen = try await tmux.waitFor("the Due pane in ASCII") { $0.contains("Due - 29 missing") || $0.contains("Due · 29 missing") || $0.contains("Thu 3 Dec CS 201") }
        let text = screen.lines.joined(separator: "\n")
        #expect(screen.lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(screen)")
        #expect(text.contains("Thu 3 Dec CS 201"), "\(screen)")
        #expect(text.contains("> Reading Response - Data Structures and"), "the selected row whole, in ASCII: \(screen)")
        #expect(text.contains("Up/Down move"), "\(screen)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func jMovesTheCourseSelectionAndTabFollowsTheScreen() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · Current · 43", "the sample catalog") { $0.isFocused }
        try tmux.press("Tab")
        try await tmux.waitFor(box: "Due · 29 missing", "Tab goes down the left column first") { $0.isFocused }
        try tmux.press("Tab")
        try await tmux.waitFor(box: "Course", "then the Course pane beside it") { $0.isFocused }
        try tmux.press("Tab")
        try await tmux.waitFor(box: "Queue", "then the queue across the bottom") { $0.isFocused }
        try tmux.press("Tab", "Enter")
        try await tmux.waitFor(box: "Course", "the first course open") { $0.isFocused && $0.contains("Problem Set 1") }

        // j selects the first item, then the next: no "select with n or p first".
        try tmux.press("j", "j", "y")
        let copied = try await tmux.waitFor(box: "Course", "y acting on the item j selected") { $0.contains("Reading Response") && ($0.contains("Copied") || $0.contains("no web address")) }
        #expect(copied.lines.first?.contains("Reading Response") == true, "\(copied)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
