import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// A letter the focused pane doesn't take, but another pane does, says on the hint line where
/// it works, until the next key; one no pane takes still does nothing.
@MainActor
struct AppShellStrayKeyTests {
    @Test func aKeyOfAnotherPaneNamesThatPaneUntilTheNextKey() async {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: nil)
        await settle { !shell.isAnimating }
        let before = shell.lines(width: 120, height: 30)
        #expect(shell.focus == .list)
        #expect(shell.handle(.character("s")) == .handled)
        let said = shell.lines(width: 120, height: 30)
        #expect(said.last?.hasPrefix(" s works in the Due and Course panes (Tab moves between panes)") == true, "\(said.last ?? "")")
        #expect(shell.focus == .list, "nothing moved")
        #expect(shell.handle(.character("x")) == .handled)
        #expect(shell.lines(width: 120, height: 30).last?.hasPrefix(" x works in the Due pane") == true, "x marks done in the Due pane")
        #expect(shell.handle(.character("Z")) == .ignored, "no pane takes Z")
        #expect(shell.lines(width: 120, height: 30).last == before.last, "the hint line is back")
    }

    @Test func aKeyThePaneTakesItselfIsNotNamedElsewhere() async {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        _ = shell.lines(width: 120, height: 30)
        #expect(shell.focus == .detail)
        _ = shell.handle(.character("s"))
        #expect(!shell.lines(width: 120, height: 30).contains { $0.contains("works in the") }, "s is the Course pane's own")
        #expect(shell.strayKeyNote == nil)
    }
}
