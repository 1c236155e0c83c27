import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

/// A long syllabus shows its first screenful before the rest is converted, keys are answered
/// while the rest is converted, and opening another course stops converting the first one's.
@MainActor
struct SyllabusConversionTests {
    /// A syllabus of `count` paragraphs, each saying its number.
    nonisolated static func syllabus(paragraphs count: Int) -> String {
        (1...count).map { "<p>Đoạn \($0): đọc giáo trình chương một và hai trước buổi học &amp; nộp bài.</p>" }.joined()
    }

    nonisolated static let long = syllabus(paragraphs: 20_000)

    func environment(syllabus: @escaping @Sendable (CourseID) -> String?) -> EnvironmentValues {
        var environment = Fixtures.environment()
        environment.courseClient.syllabus = { id, _ in syllabus(id) }
        return environment
    }

    @Test func theFirstPartShowsBeforeTheWhole() async throws {
        let pane = CourseDetailPane(environment: environment { _ in Self.long })
        var counts: [(blocks: Int, pending: Bool)] = []
        pane.onChange = { [unowned pane] in
            counts.append((pane.state.syllabus.load.value?.count ?? 0, pane.state.syllabus.pendingSince != nil))
        }
        pane.update(.show(Fixtures.swift.id))
        #expect(await waitUntil { !pane.isAnimating })
        let shown = counts.map(\.blocks).filter { $0 > 0 }
        let first = try #require(shown.first)
        #expect(first >= SyllabusStart.firstBlocks)
        #expect(first < 20_000, "the first part is not the whole")
        #expect(shown.last == 20_000)
        #expect(shown.count > 2, "the rest came in pieces: \(shown.count)")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 }, "pieces only add")
        #expect(counts.contains { $0.blocks == first && $0.pending })
        #expect(counts.last?.pending == false)
        #expect(pane.state.syllabus.load.value.map(Array.init) == HTMLText.blocks(from: Self.long))
        let lines = pane.lines(width: 100, height: 30)
        #expect(!lines.contains { $0.contains("rest of the syllabus") })
    }

    @Test func aKeyIsAnsweredWhileTheRestIsConverted() async {
        let pane = CourseDetailPane(environment: environment { _ in Self.long })
        pane.update(.resize(PaneSize(width: 80, height: 20, glyphs: .unicode)))
        pane.update(.show(Fixtures.swift.id))
        #expect(await waitUntil { pane.state.syllabus.pendingSince != nil })
        let converted = pane.state.syllabus.load.value?.count ?? 0
        #expect(pane.isAnimating, "the spinner keeps turning")
        #expect(pane.lines(width: 80, height: 20).contains { $0.contains("Reading the rest of the syllabus…") || $0.contains("Đoạn 1:") })
        let before = pane.state.scroll
        pane.update(.key(.character("j")))
        #expect(pane.state.scroll == before + 1, "the key moved the view at once")
        #expect(pane.state.syllabus.pendingSince != nil, "before the rest was converted")
        #expect(pane.state.syllabus.load.value?.count == converted)
        #expect(await waitUntil { pane.state.syllabus.pendingSince == nil })
        #expect(pane.state.scroll == before + 1, "the rest arriving does not move the view")
    }

    @Test func openingAnotherCourseStopsConvertingTheFirst() async {
        let short = "<p>Only this.</p>"
        let pane = CourseDetailPane(environment: environment { $0 == Fixtures.swift.id ? Self.long : short })
        pane.update(.show(Fixtures.swift.id))
        #expect(await waitUntil { pane.state.syllabus.pendingSince != nil })
        pane.update(.show(Fixtures.japanese.id))
        #expect(await waitUntil { !pane.isAnimating })
        // Give any piece of the first course's syllabus still under way time to arrive, were it sent.
        for _ in 0..<200 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(200))
        #expect(pane.state.courseID == Fixtures.japanese.id)
        #expect(pane.state.syllabus.load.value.map(Array.init) == HTMLText.blocks(from: short))
        #expect(pane.state.syllabus.pendingSince == nil)
    }
}
