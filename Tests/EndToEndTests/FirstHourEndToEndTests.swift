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
            $0.box(titled: "Due")?.isFocused == true && $0.box(titled: "Due")?.contains("Missing") == true
        }
        let due = try #require(screen.box(titled: "Due"))
        let lines = due.lines.map { $0.trimmingSpaces() }
        #expect(lines.count >= (size.height - 4) / 2, "\(lines.count) rows of \(size.height): \(screen)")
        let rows = lines.compactMap { $0.firstMatch(of: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} +(\S+)/) }
        #expect(rows.count >= 3, "\(screen)")
        #expect(rows.allSatisfy { $0.2.first?.isLetter == true || $0.2.first?.isNumber == true }, "a code after the day: \(lines)")
        let pointer = lines.filter { $0.hasPrefix("› ") }
        #expect(pointer.count <= 1 && pointer.allSatisfy { $0.contains(" — ") }, "the selected row whole, at most once: \(lines)")
        let queue = try #require(screen.box("Queue"))
        #expect(queue.lines.count == 1 && queue.contains("Nothing queued"), "\(queue)")
        #expect(screen.lines.contains { $0.contains(" 1 of ") }, "the selected item of all, headings not counted: \(screen)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func jMovesTheCourseSelectionAndTabFollowsTheScreen() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · Current · 43", "the sample catalog") { $0.isFocused }
        try tmux.press("Tab")
        try await tmux.waitFor(boxTitled: "Due", "Tab goes down the left column first") { $0.isFocused }
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

    /// The first minutes at each of four sizes, in UTF-8 and in plain ASCII: Due readable with
    /// every row's course code, the footers' "N of M", the queue and the sample's pointer to
    /// login where the screen is wide enough for them, and `j` selecting in the Course pane.
    @Test(arguments: [(170, 55), (120, 40), (80, 24), (60, 20)], ["C.UTF-8", "C"])
    func theFirstMinutesAtEverySizeAndLocale(size: (width: Int, height: Int), lang: String) async throws {
        let tmux = try await TmuxSession(width: size.width, height: size.height)
        defer { tmux.close() }
        try tmux.launchApp(["--due"], environment: ["LANG": lang])
        let ascii = lang == "C"
        let screen = try await tmux.waitFor("the Due pane with its missing work") { $0.contains("Missing") && $0.contains(" of ") }
        let day = /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} +(\S+)/
        let rows = screen.lines.compactMap { $0.firstMatch(of: day) }
        #expect(!rows.isEmpty, "\(screen)")
        #expect(rows.allSatisfy { !$0.2.isEmpty && $0.2 != "~" && $0.2 != "…" }, "a code after every day: \(screen)")
        #expect(screen.lines.allSatisfy { !ascii || $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(screen)")
        if size.width >= 80 {
            #expect(screen.contains(ascii ? "Queue" : "─ Queue "), "\(screen)")
            #expect(screen.contains(ascii ? "Sample courses - coursebrowser login shows yours" : "Sample courses · coursebrowser login shows yours"), "\(screen)")
        }
        // A key of another pane says where it works; help lists the prompts' keys too.
        try tmux.press("v")
        try await tmux.waitFor("where v works") { $0.lastNonBlankLine.contains("v works in the Courses pane") }
        try tmux.press("?")
        try await tmux.waitFor("help, the Due pane's keys first") { $0.contains("Keys") && $0.contains("move in what is due") }
        try tmux.press("End")
        try await tmux.waitFor("help's end: the prompts' keys, then the shell's") { $0.contains("Before a reply") && $0.contains("suspend; fg brings it back") }
        try tmux.press("Escape")
        try await tmux.waitFor("help closed") { !$0.contains("suspend; fg brings it back") }

        try tmux.press("BTab", "Enter")
        try await tmux.waitFor("the first course open") { $0.contains("Problem Set 1") && $0.contains(ascii ? "Up/Down move" : "↑↓ move") }
        try tmux.press("j", "y")
        try await tmux.waitFor("y acting on the item j selected") { $0.contains("Copied the address of Problem Set 1") || $0.contains("Problem Set 1 has no web address") }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
