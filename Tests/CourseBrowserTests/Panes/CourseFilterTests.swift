import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// `/` in the course list: narrowing at every key, ignoring case and accents, kept or cleared.
@MainActor
struct CourseFilterTests {
    static let courses = [
        Course(id: CourseID(1), name: "Lập trình Swift cơ bản", code: "INT2215", term: .init(name: "Học kỳ 1")),
        Course(id: CourseID(2), name: "Giải tích 1", code: "MAT1041", term: .init(name: "Học kỳ 1")),
        Course(id: CourseID(3), name: "日本語入門", code: "JPN-101", term: .init(name: "Fall 2026")),
        Course(id: CourseID(4), name: "Data Structures", code: "CS 201", term: .init(name: "Fall 2026")),
        Course(id: CourseID(5), name: "Đồ họa máy tính", code: "INT3403", term: .init(name: "Học kỳ 2")),
    ]

    func pane() async -> CourseListPane {
        var environment = Fixtures.environment(Self.courses)
        environment.settings.save = { _ in }
        let pane = CourseListPane(environment: environment)
        pane.start()
        await settle { !pane.isAnimating }
        return pane
    }

    func type(_ text: String, into pane: CourseListPane) {
        for character in text { _ = pane.handle(.character(character)) }
    }

    func rows(_ pane: CourseListPane) -> [String] {
        // Spaces collapsed: the code column's width is not what these tests are about.
        pane.lines(width: 50, height: 14).map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
    }

    @Test func typingNarrowsAtEveryKeyIgnoringCaseAndAccentsAcrossNameCodeAndTerm() async {
        let pane = await pane()
        #expect(pane.handle(.character("/")))
        #expect(pane.capturesKeys, "q and Tab are text while the filter is typed")
        type("lap trinh", into: pane)
        #expect(rows(pane) == ["/ lap trinh", "Học kỳ 1", "Lập trình Swift cơ bản INT2215"])
        #expect(pane.title == "Courses · Current · 1 of 5")
        _ = pane.handle(.control("u"))
        type("do hoa", into: pane)
        #expect(rows(pane).contains("Đồ họa máy tính INT3403"), "đ is d")
        _ = pane.handle(.control("u"))
        type("fall", into: pane)
        #expect(pane.title == "Courses · Current · 2 of 5", "the term counts")
        _ = pane.handle(.control("u"))
        type("int 22", into: pane)
        #expect(rows(pane).last == "Lập trình Swift cơ bản INT2215", "every word must be found, anywhere")
        _ = pane.handle(.control("u"))
        type("nihongo", into: pane)
        #expect(rows(pane) == ["/ nihongo", "No course matches \"nihongo\""])
    }

    @Test func enterKeepsTheFilterAndGivesTheKeysBackAndEscClearsIt() async {
        let pane = await pane()
        _ = pane.handle(.character("/"))
        type("học kỳ", into: pane)
        _ = pane.handle(.enter)
        #expect(!pane.capturesKeys)
        #expect(rows(pane).first == "/ học kỳ Esc clears")
        #expect(pane.state.selectedCourse?.id == CourseID(2), "Giải tích comes first in its term")
        _ = pane.handle(.character("j"))
        #expect(pane.state.selectedCourse?.id == CourseID(1), "j moves among the courses kept")
        #expect(pane.hints.contains(KeyHint(key: "Esc", action: "clear filter")))
        #expect(pane.handle(.escape))
        #expect(pane.title == "Courses · Current · 5")
        #expect(pane.state.selectedCourse?.id == CourseID(1), "the selection stays on its course")
        _ = pane.handle(.escape)
        #expect(pane.lines(width: 40, height: 12).contains(" No filter to clear"), "with no filter, Esc says so")
    }

    @Test func theMatchIsHighlightedInTheName() async {
        let pane = await pane()
        _ = pane.handle(.character("/"))
        type("swift", into: pane)
        let size = PaneSize(width: 50, height: 10, glyphs: .unicode)
        pane.resize(size)
        var grid = Grid(width: 50, height: 10)
        // Focused, a selected row is reversed, so only the match is underlined.
        pane.draw(into: &grid, rect: grid.bounds, focused: true)
        let row = grid.lines.firstIndex { $0.contains("Lập trình") } ?? 0
        let start = grid.lines[row].distance(from: grid.lines[row].startIndex, to: grid.lines[row].range(of: "Swift")?.lowerBound ?? grid.lines[row].startIndex)
        #expect(grid[start, row].style.underline, "the S of Swift is marked")
        #expect(grid[start + 4, row].style.underline)
        #expect(!grid[start + 6, row].style.underline, "what follows is not")
        #expect(!grid[2, row].style.underline)
    }

    @Test func theFilterIsKeptAcrossViews() async {
        let pane = await pane()
        _ = pane.handle(.character("/"))
        type("giai", into: pane)
        _ = pane.handle(.enter)
        _ = pane.handle(.character("v"))
        await settle { !pane.isAnimating }
        #expect(pane.title.hasSuffix("of 0") || pane.title.contains("0 of"), "favorites has none: \(pane.title)")
        _ = pane.handle(.character("v"))
        await settle { !pane.isAnimating }
        #expect(pane.title == "Courses · All · 1 of 5")
    }
}

struct SearchTextTests {
    @Test func accentsFoldAwayWrittenEitherWayAndLettersOfTheirOwnToo() {
        #expect(SearchText.folded("Lập trình") == "lap trinh")
        #expect(SearchText.folded("L\u{61}\u{323}\u{302}p tri\u{300}nh") == "lap trinh", "combining marks, as NFD names have them")
        #expect(SearchText.folded("ĐỒ HỌA") == "do hoa")
        #expect(SearchText.folded("Łódź Øresund Æsop Straße") == "lodz oresund aesop strasse")
        #expect(SearchText.folded("日本語") == "日本語", "a script without Latin letters stays as it is")
    }

    @Test func aMarkAfterPlainLettersFoldsWithTheLetterItBelongsTo() {
        #expect(SearchText.folded("CAFE\u{301}") == "cafe")
        #expect(SearchText.folded("E\u{301}tude A\u{300} B") == "etude a b")
        #expect(SearchText.folded("สิ") == "สิ", "a Thai vowel sign is a letter there, not an accent")
    }
}
