import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The hint line keeps help and quit, and drops whole hints of the least importance first.
@MainActor
struct HintLineTests {
    @Test func at60ColumnsHelpAndQuitStayAndNoHintIsCut() async {
        let shell = AppShell(environment: Fixtures.environment())
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        let line = shell.lines(width: 60, height: 20).last ?? ""
        #expect(line.hasSuffix("? help  q quit"))
        #expect(line == " Tab focus  ↑↓ scroll  n/p item  u upload  ? help  q quit")
    }

    @Test func lessImportantHintsGoFirstAndWhole() {
        let first = [KeyHint(key: "Tab", action: "focus"), KeyHint(key: "↑↓", action: "scroll"), KeyHint(key: "u", action: "upload")]
        let last = [KeyHint(key: "?", action: "help"), KeyHint(key: "q", action: "quit")]
        #expect(HintLine.fit(first, last: last, width: 46) == first + last)
        #expect(HintLine.fit(first, last: last, width: 30) == Array(first.prefix(1)) + last)
        #expect(HintLine.fit(first, last: last, width: 10) == last, "help and quit even when nothing else fits")
    }
}
