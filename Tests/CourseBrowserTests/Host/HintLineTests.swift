import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The hint line keeps help and quit, and drops whole hints of the least importance first.
@MainActor
struct HintLineTests {
    @Test func at60ColumnsHelpAndQuitStayAndNoHintIsCut() async {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        let line = shell.lines(width: 60, height: 20).last ?? ""
        #expect(line.hasSuffix("? help  q quit"))
        #expect(line == " Tab focus  ↑↓ move  u upload  n/p item  ? help  q quit")
    }

    /// Every width from the narrowest screen the shell draws to a wide one.
    static let widths = ShellLayout.minimumSize.width...120

    func shell() async -> AppShell {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        return shell
    }

    /// Checks the hint line at every width: each hint it was to show is drawn whole, nothing
    /// is cut, and it ends with `ending`.
    func expectWholeHints(_ shell: AppShell, ending: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for width in Self.widths {
            let line = shell.lines(width: width, height: 20).last ?? ""
            #expect(!line.contains("…"), "\(width) columns: \(line)", sourceLocation: sourceLocation)
            #expect(line.hasSuffix(ending), "\(width) columns: \(line)", sourceLocation: sourceLocation)
            #expect(line.displayWidth <= width, sourceLocation: sourceLocation)
            for hint in shell.hints(width: width - 1) {
                #expect(line.contains("\(hint.key) \(hint.action)"), "\(width) columns: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func atEveryWidthAndEveryFocusHelpAndQuitStayAndNoHintIsCut() async {
        let shell = await shell()
        for id in AppShell.PaneID.allCases {
            shell.setFocus(id)
            expectWholeHints(shell, ending: "? help  q quit")
        }
    }

    @Test func atEveryWidthTheOpenHelpKeepsItsWaysOut() async {
        let shell = await shell()
        _ = shell.handle(.character("?"))
        expectWholeHints(shell, ending: "Esc close  q quit")
        #expect(shell.lines(width: 40, height: 20).last == " ↑↓ move  Space page  Esc close  q quit", "moving goes before the way out")
    }

    @Test func atEveryWidthAnOpenPromptKeepsCtrlCQuit() async {
        let shell = await shell()
        _ = shell.handle(.character("u"))
        #expect(shell.detail.capturesKeys)
        expectWholeHints(shell, ending: "Ctrl-C quit")
    }

    @Test func lessImportantHintsGoFirstAndWhole() {
        let first = [KeyHint(key: "Tab", action: "focus"), KeyHint(key: "↑↓", action: "scroll"), KeyHint(key: "u", action: "upload")]
        let last = [KeyHint(key: "?", action: "help"), KeyHint(key: "q", action: "quit")]
        #expect(HintLine.fit(first, last: last, width: 46) == first + last)
        #expect(HintLine.fit(first, last: last, width: 30) == Array(first.prefix(1)) + last)
        #expect(HintLine.fit(first, last: last, width: 10) == last, "help and quit even when nothing else fits")
    }
}
