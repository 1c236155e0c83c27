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
    static let prompts = [
        "Finding courses (/)", "The help (?)", "Finding in the help (/)", "A what-if score (w)", "A letter to reach (t)",
        "Choosing an assignment (s)", "Handing in as (s)", "Typing a link (l)", "Before a text or link is handed in",
        "Typing files (s, u)", "Before a hand-in", "Before a reply",
    ]

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
        // As wide as the box, so nothing of the panes shows beside it.
        #expect(headings(uploads.lines(width: 80, height: 200)) == ["Queue", "Courses", "Due", "Course"] + Self.prompts + ["Everywhere"], "the whole help, with room to spare")
    }

    @Test func theSelectionMovesToTheLastKeyAndTheBorderSaysWhereItIs() async {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        let top = shell.lines(width: 80, height: 24)
        let (frame, lines) = HelpOverlay.frame(in: Rect(x: 0, y: 0, width: 80, height: 23), groups: shell.helpGroups)
        #expect(!top.contains { $0.contains("q  Ctrl-C") }, "quit is below the window at first")
        #expect(top.contains { $0.contains("1–\(frame.room) of \(lines.count)") }, "the border says which lines show")
        _ = shell.handle(.end)
        let bottom = shell.lines(width: 80, height: 24)
        #expect(bottom.contains { $0.contains("q  Ctrl-C") && $0.contains("quit") })
        #expect(shell.help?.selectedItem(in: shell.helpGroups)?.item.row.does == "quit", "the last key is selected")
        _ = shell.handle(.home)
        #expect(shell.lines(width: 80, height: 24) == top)
        _ = shell.handle(.character(" "))
        #expect(shell.lines(width: 80, height: 24).contains { $0.contains(" of \(lines.count) ") && !$0.contains(" 1–") }, "Space pages down")
        _ = shell.handle(.character("g"))
        _ = shell.handle(.character("j"))
        #expect(shell.help?.selected == 1)
        _ = shell.handle(.character("k"))
        _ = shell.handle(.character("k"))
        #expect(shell.help?.selected == 0, "nothing above the first key")
    }

    /// The selected key is drawn reversed, across the box.
    @Test func theSelectedKeyIsReversed() throws {
        let groups = [HelpOverlay.Group(title: "Course", items: CourseDetailState.bindings.prefix(3).map { KeyItem(row: $0.row, availability: .enabled) })]
        var help = HelpOverlay()
        let (frame, lines) = HelpOverlay.frame(in: Rect(x: 0, y: 0, width: 80, height: 12), groups: groups)
        help.move(.move, key: .down, lines: lines, room: frame.room)
        var grid = Grid(width: 80, height: 12)
        help.draw(into: &grid, in: grid.bounds, groups: groups)
        let second = try #require(grid.lines.firstIndex { $0.contains(groups[0].items[1].row.does.prefix(12)) })
        let first = try #require(grid.lines.firstIndex { $0.contains(groups[0].items[0].row.does.prefix(12)) })
        #expect(grid[3, second].style.reverse)
        #expect(!grid[3, first].style.reverse)
    }

    @Test func slashFindsKeysByWhatTheyDoAndEscShowsThemAllAgain() async throws {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        _ = shell.handle(.character("/"))
        for character in "suspend" { _ = shell.handle(.character(character)) }
        let found = shell.lines(width: 80, height: 24)
        #expect(found.contains { $0.contains("Keys · /suspend▏") })
        #expect(found.contains { $0.contains("Ctrl-Z") && $0.contains("suspend; fg brings it back") })
        #expect(!found.contains { $0.contains("quit") && $0.contains("q  Ctrl-C") }, "only what holds the word")
        #expect(shell.hints(width: 80).map(\.action) == ["keep", "clear"])
        _ = shell.handle(.enter)
        #expect(shell.help?.isFinding == false)
        #expect(shell.lines(width: 80, height: 24).contains { $0.contains("Keys · /suspend") })
        _ = shell.handle(.character("/"))
        _ = shell.handle(.character("x"))
        _ = shell.handle(.character("q"))
        #expect(shell.help?.query == "suspendxq", "typed keys are text, q too")
        #expect(shell.lines(width: 80, height: 24).contains { $0.contains("No key’s name or words hold “suspendxq”") })
        _ = shell.handle(.enter)
        #expect(shell.handle(.escape) == .handled)
        #expect(shell.help?.query == "", "Esc clears the search before it closes")
        #expect(shell.help != nil)
        _ = shell.handle(.escape)
        #expect(shell.help == nil)
    }

    @Test func enterDoesWhatTheSelectedKeyDoesInItsPane() async throws {
        let shell = await shell()
        #expect(shell.focus == .list)
        _ = shell.handle(.character("?"))
        _ = shell.handle(.character("/"))
        for character in "retry the sections" { _ = shell.handle(.character(character)) }
        _ = shell.handle(.enter)
        let selected = try #require(shell.help?.selectedItem(in: shell.help?.shown(shell.helpGroups) ?? []))
        #expect(selected.runner == .pane(.detail))
        #expect(shell.handle(.enter) == .handled)
        #expect(shell.help == nil, "the help closes")
        #expect(shell.focus == .detail, "and the key is pressed in its pane, focused")
    }

    @Test func aKeyOfAPromptIsNotRunAndSaysWhy() async throws {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        _ = shell.handle(.character("/"))
        for character in "keep the filter" { _ = shell.handle(.character(character)) }
        _ = shell.handle(.enter)
        _ = shell.handle(.enter)
        #expect(shell.help != nil)
        #expect(shell.lines(width: 80, height: 24).contains { $0.contains("works in its prompt: open it first") })
        _ = shell.handle(.escape)
        _ = shell.handle(.escape)
        #expect(shell.help == nil)
    }

    @Test func enterOnQuitDoesNotQuitButSaysHow() async {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        _ = shell.handle(.end)
        #expect(shell.help?.selectedItem(in: shell.helpGroups)?.item.row.does == "quit")
        #expect(shell.handle(.enter) == .handled)
        #expect(shell.lines(width: 80, height: 24).contains { $0.contains(" q quits ") })
        #expect(shell.handle(.character("q")) == .quit)
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

    @Test func theSelectionStopsAtTheEndsAndTheViewFollowsIt() {
        let groups = KeyTable.groups.map { HelpOverlay.Group(title: $0.title, items: $0.rows.map { KeyItem(row: $0, availability: .enabled) }) }
        let lines = HelpOverlay.lines(groups, textWidth: 40)
        let count = Set(lines.compactMap(\.item)).count
        var help = HelpOverlay()
        help.move(.move, key: .up, lines: lines, room: 10)
        #expect(help.selected == 0 && help.scroll == 0)
        help.move(.ends, key: .end, lines: lines, room: 10)
        #expect(help.selected == count - 1)
        #expect(help.scroll == lines.count - 10, "the last line shows")
        help.move(.ends, key: .character("g"), lines: lines, room: 10)
        #expect(help.selected == 0 && help.scroll == 0)
        for _ in 0..<30 { help.move(.move, key: .down, lines: lines, room: 10) }
        let mine = lines.indices.filter { lines[$0].item == 30 }
        #expect(mine.allSatisfy { $0 >= help.scroll && $0 < help.scroll + 10 }, "every line of the selected key shows")
    }

    @Test func theSelectedKeyStaysInViewWhenTheWindowShrinks() async {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        _ = shell.lines(width: 120, height: 40)
        _ = shell.handle(.end)
        let small = shell.lines(width: 60, height: 20)
        #expect(small.contains { $0.contains("q  Ctrl-C") && $0.contains("quit") }, "the last key, selected, still shows: \(small.joined(separator: "\n"))")
    }

    @Test func theFirstKeyOfAGroupBringsItsHeadingIntoView() {
        let groups = KeyTable.groups.map { HelpOverlay.Group(title: $0.title, items: $0.rows.map { KeyItem(row: $0, availability: .enabled) }) }
        let lines = HelpOverlay.lines(groups, textWidth: 40)
        var help = HelpOverlay()
        help.move(.ends, key: .end, lines: lines, room: 10)
        let firstOfLast = groups.dropLast().map(\.items.count).reduce(0, +)
        while help.selected > firstOfLast { help.move(.move, key: .up, lines: lines, room: 10) }
        let heading = lines.lastIndex { $0.kind == .heading && $0.text == ShellKeys.everywhere }
        #expect(heading == help.scroll || heading.map { $0 >= help.scroll } == true, "the heading shows above its first key")
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
        #expect(grid[3, scrollRow].style == Style(bold: true, reverse: true), "bold, and reversed as the one selected")
    }

    @Test func aLongRowWrapsInsideTheOverlay() {
        let groups = KeyTable.groups.map { HelpOverlay.Group(title: $0.title, items: $0.rows.map { KeyItem(row: $0, availability: .enabled) }) }
        let lines = HelpOverlay.lines(groups, textWidth: 40)
        #expect(lines.filter { $0.kind != .heading && !$0.label.isEmpty }.map(\.label) == KeyTable.rows.map(\.label))
        #expect(lines.count > KeyTable.rows.count + groups.count)
        #expect(lines.allSatisfy { $0.text.displayWidth <= 40 })
    }
}
