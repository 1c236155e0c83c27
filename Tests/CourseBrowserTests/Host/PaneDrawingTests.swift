import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// A pane unchanged since its last frame is put back, not drawn again; what is put back is
/// always what drawing it afresh would show.
@MainActor
struct PaneDrawingTests {
    let clock = ManualClock(Fixtures.start)

    func shell() async -> AppShell {
        var environment = Fixtures.environment()
        environment.clock = clock.client
        environment.settings.save = { _ in }
        let start = Fixtures.start
        environment.courseClient.assignments = { _, _ in
            [Assignment(id: "1", name: "Essay 1", dueAt: start + 3 * 3_600, pointsPossible: 10)]
        }
        let shell = AppShell(environment: environment.planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        shell.resize(width: 120, height: 30, glyphs: .unicode)
        return shell
    }

    /// A frame as the event loop draws one: into a fresh grid, the size unchanged.
    func frame(_ shell: AppShell) -> [String] {
        var grid = Grid(width: 120, height: 30)
        shell.render(into: &grid)
        return grid.lines
    }

    func freshFrame(_ shell: AppShell) -> [String] {
        shell.drawings = [:]
        return frame(shell)
    }

    @Test func everyFrameMatchesOneDrawnAfreshWhateverTheKeys() async {
        let shell = await shell()
        let keys: [Key] = [.backTab, .down, .down, .up, .character("v"), .tab, .down, .down, .tab, .backTab, .character("?"), .escape, .enter]
        for key in keys {
            _ = shell.handle(key)
            await settle { !shell.isAnimating }
            let kept = frame(shell)
            #expect(kept == freshFrame(shell), "after \(key)")
            #expect(frame(shell) == kept, "a frame from the kept drawings is the same again")
        }
    }

    @Test func aKeyInOnePaneLeavesTheOthersDrawingsAsTheyWere() async {
        let shell = await shell()
        _ = shell.handle(.backTab)
        _ = shell.handle(.backTab)
        #expect(shell.focus == .list)
        _ = frame(shell)
        let course = shell.drawings[.detail]?.conditions
        let list = shell.drawings[.list]?.conditions
        _ = shell.handle(.down)
        _ = frame(shell)
        #expect(shell.drawings[.detail]?.conditions == course, "the Course pane was put back")
        #expect(shell.drawings[.list]?.conditions != list, "the list was drawn again")
    }

    @Test func aPaneIsDrawnAgainOnceASecondHasPassed() async {
        let shell = await shell()
        _ = frame(shell)
        let before = shell.drawings[.list]?.conditions
        clock.advance(by: 0.4)
        _ = frame(shell)
        #expect(shell.drawings[.list]?.conditions == before, "within the second, put back")
        clock.advance(by: 1)
        let later = frame(shell)
        #expect(shell.drawings[.list]?.conditions != before, "drawn again, so times shown against now are at most a second old")
        #expect(later == freshFrame(shell))
    }

    /// Nobody touches a key for an hour: the deadline shown counts down by itself.
    @Test func aDeadlineCountsDownWhileNobodyTypes() async {
        let shell = await shell()
        #expect(frame(shell).contains { $0.contains("due in 3 h") })
        clock.advance(by: 3_600)
        await settle { frame(shell).contains { $0.contains("due in 2 h") } }
        #expect(frame(shell).contains { $0.contains("due in 2 h") })
        #expect(frame(shell) == freshFrame(shell))
    }
}
