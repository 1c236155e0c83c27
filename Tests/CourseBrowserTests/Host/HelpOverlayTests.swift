import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The `?` overlay: the focused pane's keys first, every key reachable by scrolling.
@MainActor
struct HelpOverlayTests {
    func shell(focusing steps: Int = 0) async -> AppShell {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start()
        await settle { !shell.isAnimating }
        for _ in 0..<steps { _ = shell.handle(.tab) }
        return shell
    }

    /// The prompts' groups, after the panes' and before the keys that work everywhere.
    static let prompts = ["Finding courses (/)", "Choosing an assignment (s)", "Typing files (s, u)", "Before a hand-in", "Before a reply"]

    func headings(_ lines: [String]) -> [String] {
        let names = ["Courses", "Course", "Queue", "Due", "Everywhere"] + Self.prompts
        return lines.compactMap { line in
            let text = line.trimmingCharacters(in: CharacterSet(charactersIn: "┃│━─┏┓┗┛┌┐└┘ "))
            return names.contains(text) ? text : nil
        }
    }

    @Test func theFocusedPanesKeysComeFirstThenTheOthersThenTheShells() async {
        let course = await shell(focusing: 2)
        #expect(course.helpGroups.map(\.title) == ["Course", "Courses", "Due", "Queue"] + Self.prompts + ["Everywhere"])
        let uploads = await shell(focusing: 3)
        #expect(uploads.helpGroups.map(\.title) == ["Queue", "Courses", "Due", "Course"] + Self.prompts + ["Everywhere"])
        _ = uploads.handle(.character("?"))
        #expect(headings(uploads.lines(width: 100, height: 200)) == ["Queue", "Courses", "Due", "Course"] + Self.prompts + ["Everywhere"], "the whole help, with room to spare")
    }

    @Test func itScrollsToTheLastKeyAndSaysWhereItIs() async {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        let top = shell.lines(width: 80, height: 24)
        let (frame, lines) = HelpOverlay.frame(in: Rect(x: 0, y: 0, width: 80, height: 23), groups: shell.helpGroups)
        #expect(!top.contains { $0.contains("q  Ctrl-C") }, "quit is below the window at first")
        #expect(top.contains { $0.contains("1–\(frame.room) of \(lines.count)") }, "the border says which lines show")
        _ = shell.handle(.end)
        let bottom = shell.lines(width: 80, height: 24)
        #expect(bottom.contains { $0.contains("q  Ctrl-C") && $0.contains("quit") })
        #expect(!bottom.contains { $0.contains("more in a taller window") })
        _ = shell.handle(.home)
        #expect(shell.lines(width: 80, height: 24) == top)
        _ = shell.handle(.character(" "))
        let paged = shell.lines(width: 80, height: 24)
        #expect(paged.contains { $0.contains(" \(frame.room + 1)–") }, "Space pages down")
        _ = shell.handle(.character("k"))
        #expect(shell.lines(width: 80, height: 24).contains { $0.contains(" \(frame.room)–") })
    }

    @Test func theFooterShowsCanvasLastRateBudgetBesideWhereTheListIs() async {
        var environment = Fixtures.environment().planning([])
        let now = environment.clock.now()
        let reading = RateReading(remaining: 431.7, cost: 2, at: now.addingTimeInterval(-42), host: "school.example")
        environment.rateBudget = RateBudgetClient(admit: { _ in }, finished: { _, _ in }, lastReading: { reading })
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { !shell.isAnimating }
        _ = shell.handle(.character("?"))
        let bottom = shell.lines(width: 80, height: 24).last { $0.contains("rate budget") }
        #expect(bottom?.contains("rate budget 431 left (42 s ago)") == true, "\(shell.lines(width: 80, height: 24))")
        #expect(bottom?.contains(" of ") == true, "the scroll position stays beside it")
        let without = await self.shell()
        _ = without.handle(.character("?"))
        #expect(!without.lines(width: 80, height: 24).contains { $0.contains("rate budget") })
    }

    @Test func scrollingStopsAtTheEnds() {
        var help = HelpOverlay()
        help.scroll(.line, key: .up, count: 30, room: 10)
        #expect(help.scroll == 0)
        help.scroll(.page, key: .pageDown, count: 30, room: 10)
        help.scroll(.page, key: .character(" "), count: 30, room: 10)
        help.scroll(.page, key: .pageDown, count: 30, room: 10)
        #expect(help.scroll == 20)
        help.scroll(.ends, key: .character("g"), count: 30, room: 10)
        #expect(help.scroll == 0)
    }

    @Test func aStepAfterTheWindowGrewMovesFromTheLineShown() {
        var help = HelpOverlay()
        help.scroll(.ends, key: .end, count: 30, room: 5)
        #expect(help.scroll == 25)
        help.scroll(.line, key: .up, count: 30, room: 20)
        #expect(help.scroll == 9, "the taller window showed from line 10")
    }

    @Test func theFirstUpAfterTheWindowGrowsScrollsAtOnce() async throws {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        _ = shell.lines(width: 80, height: 12)
        _ = shell.handle(.end)
        let grown = shell.lines(width: 80, height: 30)
        let (frame, lines) = HelpOverlay.frame(in: shell.helpArea, groups: shell.helpGroups)
        try #require(lines.count > frame.room, "the keys still need scrolling in the taller window")
        #expect(grown.contains { $0.contains(" of \(lines.count) ") && $0.contains("–\(lines.count) ") }, "it shows the end")
        _ = shell.handle(.up)
        let top = lines.count - frame.room
        #expect(shell.lines(width: 80, height: 30).contains { $0.contains(" \(top)–\(lines.count - 1) of \(lines.count) ") })
    }

    @Test func escOrQuestionMarkClosesAndQStillQuits() async {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        #expect(shell.handle(.character("?")) == .handled)
        #expect(shell.help == nil)
        _ = shell.handle(.character("?"))
        #expect(shell.handle(.escape) == .handled)
        #expect(shell.help == nil)
        _ = shell.handle(.character("?"))
        #expect(shell.handle(.character("q")) == .quit)
    }

    @Test func keysThatDoNothingNowAreDimmed() throws {
        let retry = try #require(CourseDetailState.bindings.first { $0.action == .retry })
        let scroll = try #require(CourseDetailState.bindings.first { $0.action == .move })
        let groups = [HelpOverlay.Group(title: "Course", items: [
            KeyItem(row: scroll.row, availability: .enabled),
            KeyItem(row: retry.row, availability: .disabled("Nothing failed to load")),
        ])]
        var grid = Grid(width: 80, height: 12)
        HelpOverlay().draw(into: &grid, in: grid.bounds, groups: groups)
        let retryRow = try #require(grid.lines.firstIndex { $0.contains("retry the sections") })
        let scrollRow = try #require(grid.lines.firstIndex { $0.contains("move to the next, previous item") })
        // The keys start two columns inside the box, which is centred one column in.
        #expect(grid[3, retryRow].style == .muted)
        #expect(grid[3, scrollRow].style == .bold)
    }

    @Test func aLongRowWrapsInsideTheOverlay() {
        let groups = KeyTable.groups.map { HelpOverlay.Group(title: $0.title, items: $0.rows.map { KeyItem(row: $0, availability: .enabled) }) }
        let lines = HelpOverlay.lines(groups, textWidth: 40)
        #expect(lines.filter { $0.kind != .heading && !$0.label.isEmpty }.map(\.label) == KeyTable.rows.map(\.label))
        #expect(lines.count > KeyTable.rows.count + groups.count)
        #expect(lines.allSatisfy { $0.text.displayWidth <= 40 })
    }
}
