import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

/// At a new width a long syllabus keeps its lines until they are wrapped again off the main
/// actor, so the resize is answered at once; the reader stays on the same row of the same block.
@MainActor
struct SyllabusRewrapTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// `count` paragraphs, each saying its number, each a few lines long at 40 columns.
    nonisolated static func paragraphs(_ count: Int) -> [TextBlock] {
        HTMLText.blocks(from: (1...count).map {
            "<p>Đoạn \($0): đọc giáo trình chương một và hai trước buổi học, rồi nộp bài tập qua Canvas trước thứ Sáu.</p>"
        }.joined())
    }

    /// Well over `SyllabusLines.wrapsInPlace` of text.
    nonisolated static let long = paragraphs(4_000)

    func state(_ blocks: [TextBlock], width: Int, height: Int = 20) -> CourseDetailState {
        var state = CourseDetailState(courseID: CourseID(1), size: PaneSize(width: width, height: height, glyphs: .unicode))
        _ = state.syllabus.update(.finished(.success(SyllabusBlocks(blocks))))
        state.layout(now: now)
        return state
    }

    func resize(_ state: inout CourseDetailState, width: Int) -> [CourseDetailState.Effect] {
        state.update(.resize(PaneSize(width: width, height: state.size.height, glyphs: .unicode)), now: now)
    }

    /// The wraps among `effects`, by the width they ask for.
    func wraps(_ effects: [CourseDetailState.Effect]) -> [SyllabusLines.Key] {
        effects.compactMap { effect in
            if case let .wrapSyllabus(_, key) = effect { return key }
            return nil
        }
    }

    /// How many of `effects` drop the wrap under way.
    func drops(_ effects: [CourseDetailState.Effect]) -> Int {
        effects.filter { $0 == .dropSyllabusWrap }.count
    }

    /// What the pane's wrap off the main actor would bring for `key`.
    func wrapped(_ key: SyllabusLines.Key, _ blocks: [TextBlock]) -> SyllabusRows {
        var rows = SyllabusRows(width: key.width, glyphs: key.glyphs)
        rows.extend(to: SyllabusBlocks(blocks))
        return rows
    }

    /// Whether the syllabus's lines are `blocks` wrapped at `width`; a Bool, so a failure doesn't print thousands of lines.
    func showsSyllabus(_ state: CourseDetailState, _ blocks: [TextBlock], width: Int) -> Bool {
        state.syllabusText(now: now) == DetailText.syllabus(blocks, width: width, glyphs: .unicode).map(\.text)
    }

    func topLine(_ state: CourseDetailState) -> String {
        state.lines[state.scroll].styled(now: now, glyphs: .unicode).text
    }

    @Test func aLongSyllabusKeepsItsLinesAtANewWidthAndAsksOnceForAWrap() {
        var state = state(Self.long, width: 82)
        let effects = resize(&state, width: 62)
        #expect(wraps(effects).map(\.width) == [60])
        #expect(state.syllabus.layout.layouts == 1, "nothing wrapped on the main actor")
        #expect(showsSyllabus(state, Self.long, width: 80), "the lines at the old width stay")
        #expect(wraps(state.update(.key(.character("j")), now: now)).isEmpty, "asked once")
    }

    @Test func aShortSyllabusWrapsAtANewWidthInPlace() {
        var state = state(Self.paragraphs(20), width: 82)
        let effects = resize(&state, width: 62)
        #expect(wraps(effects).isEmpty)
        #expect(state.syllabus.layout.layouts == 2)
        #expect(state.syllabusText(now: now).allSatisfy { $0.displayWidth <= 60 })
    }

    @Test func theWrapAskedForIsPutInPlace() throws {
        var state = state(Self.long, width: 82)
        let key = try #require(wraps(resize(&state, width: 62)).first)
        _ = state.update(.syllabusWrapped(wrapped(key, Self.long), key), now: now)
        #expect(state.syllabus.layout.layouts == 2)
        #expect(state.syllabus.layout.wanted == nil)
        #expect(showsSyllabus(state, Self.long, width: 60))
        let again = resize(&state, width: 62)
        #expect(wraps(again).isEmpty && drops(again) == 0, "the width shown needs nothing more")
    }

    @Test func aWrapForAWidthNoLongerWantedIsDropped() throws {
        var state = state(Self.long, width: 82)
        let narrow = try #require(wraps(resize(&state, width: 62)).first)
        let wide = try #require(wraps(resize(&state, width: 72)).first)
        #expect(wide.width == 70)
        _ = state.update(.syllabusWrapped(wrapped(narrow, Self.long), narrow), now: now)
        #expect(state.syllabus.layout.layouts == 1)
        _ = state.update(.syllabusWrapped(wrapped(wide, Self.long), wide), now: now)
        #expect(state.syllabus.layout.layouts == 2)
        #expect(showsSyllabus(state, Self.long, width: 70))
    }

    @Test func backAtTheWidthShownTheWrapUnderWayIsDropped() throws {
        var state = state(Self.long, width: 82)
        let narrow = try #require(wraps(resize(&state, width: 62)).first)
        let back = resize(&state, width: 82)
        #expect(wraps(back).isEmpty)
        #expect(drops(back) == 1, "the wrap under way is stopped")
        _ = state.update(.syllabusWrapped(wrapped(narrow, Self.long), narrow), now: now)
        #expect(state.syllabus.layout.layouts == 1)
        #expect(showsSyllabus(state, Self.long, width: 80))
    }

    @Test func piecesArrivingMeanwhileFollowTheWrappedLines() throws {
        let first = Array(Self.long.prefix(3_500))
        var state = state(first, width: 82)
        let key = try #require(wraps(resize(&state, width: 62)).first)
        _ = state.update(.syllabusPart(Array(Self.long.dropFirst(3_500)), more: false), now: now)
        _ = state.update(.syllabusWrapped(wrapped(key, first), key), now: now)
        #expect(showsSyllabus(state, Self.long, width: 60))
    }

    @Test func theTopLineStaysOnItsParagraphAtANewWidth() throws {
        var state = state(Self.paragraphs(60), width: 42)
        let first = try #require(state.lines.firstIndex { $0.styled(now: now, glyphs: .unicode).text.hasPrefix("Đoạn 40:") })
        state.scroll(to: first)
        state.layout(now: now)
        _ = resize(&state, width: 62)
        #expect(topLine(state).hasPrefix("Đoạn 40:"), "\(topLine(state))")
        // Partway into a paragraph, the top line stays inside it.
        state.scroll(by: 1)
        state.layout(now: now)
        let inside = topLine(state)
        _ = resize(&state, width: 42)
        let top = topLine(state)
        #expect(!top.isEmpty && !top.hasPrefix("Đoạn"), "\(top)")
        state.scroll(by: -1)
        state.layout(now: now)
        #expect(topLine(state).hasPrefix("Đoạn 40:"), "\(inside) → \(top)")
    }

    @Test func theTopLineStaysOnItsParagraphWhenTheWrapArrives() throws {
        var state = state(Self.long, width: 82)
        let first = try #require(state.lines.firstIndex { $0.styled(now: now, glyphs: .unicode).text.hasPrefix("Đoạn 2500:") })
        state.scroll(to: first)
        state.layout(now: now)
        let key = try #require(wraps(resize(&state, width: 42)).first)
        #expect(topLine(state).hasPrefix("Đoạn 2500:"))
        _ = state.update(.syllabusWrapped(wrapped(key, Self.long), key), now: now)
        #expect(topLine(state).hasPrefix("Đoạn 2500:"), "\(topLine(state))")
    }

    @Test func aCancelledWrapStopsPartOfTheWay() {
        var asked = 0
        var rows = SyllabusRows(width: 60, glyphs: .unicode)
        let finished = rows.extend(to: SyllabusBlocks(Self.long)) {
            asked += 1
            return asked > 1
        }
        #expect(!finished)
        #expect(asked == 2, "it stopped at the first look after being cancelled")
        #expect(rows.count < DetailText.syllabus(Self.long, width: 60, glyphs: .unicode).count)
    }

    @Test func aWidthLeftAndComeBackToAsksAgain() throws {
        var state = state(Self.long, width: 82)
        #expect(wraps(resize(&state, width: 62)).map(\.width) == [60])
        #expect(drops(resize(&state, width: 82)) == 1)
        #expect(wraps(resize(&state, width: 62)).map(\.width) == [60])
    }

    @Test func otherGlyphsAskForAWrapToo() {
        var state = state(Self.long, width: 82)
        let effects = state.update(.resize(PaneSize(width: 82, height: 20, glyphs: .ascii)), now: now)
        #expect(wraps(effects).map(\.glyphs) == [.ascii])
    }

    @Test func aPaneTooNarrowToReadKeepsItsLinesAndAsksForNone() {
        var state = state(Self.long, width: 82)
        let effects = resize(&state, width: 12)
        #expect(wraps(effects).isEmpty)
        #expect(state.syllabus.layout.layouts == 1)
        #expect(showsSyllabus(state, Self.long, width: 80))
    }

    @Test func aNewValueWhileAWrapIsUnderWayDropsIt() throws {
        var state = state(Self.long, width: 82)
        let key = try #require(wraps(resize(&state, width: 62)).first)
        let short = Self.paragraphs(3)
        let effects = state.update(.loaded(\.syllabus, .finished(.success(SyllabusBlocks(short)))), now: now)
        #expect(drops(effects) == 1)
        #expect(state.syllabus.layout.layouts == 2, "the new value is short, and wrapped in place")
        _ = state.update(.syllabusWrapped(wrapped(key, Self.long), key), now: now)
        #expect(state.syllabus.layout.layouts == 2)
        #expect(showsSyllabus(state, short, width: 60))
    }

    @Test func aPlaceOnABlockWithoutTextOrNotYetArrivedFindsTheNearestLine() throws {
        let blocks = [TextBlock(kind: .paragraph, text: "Một"), TextBlock(kind: .paragraph, text: ""), TextBlock(kind: .paragraph, text: "Hai")]
        var rows = SyllabusRows(width: 40, glyphs: .unicode)
        rows.extend(to: SyllabusBlocks(blocks))
        let texts = (0..<rows.count).map { rows[$0].text }
        let empty = rows.line(at: SyllabusRows.Place(block: 1, row: 0, rows: 1)).map { texts[$0] }
        #expect(empty == "" || empty == "Hai", "\(texts)")
        let next = try #require(rows.line(at: SyllabusRows.Place(block: 1, row: 0, rows: 1)))
        #expect(next > 0 && next < rows.count, "after the first block's text, not the top: \(texts)")
        #expect(rows.line(at: SyllabusRows.Place(block: 500, row: 3, rows: 9)) == rows.count - 1)
        #expect(SyllabusRows(width: 40, glyphs: .unicode).line(at: SyllabusRows.Place(block: 0, row: 0, rows: 1)) == nil)
    }

    @Test func thePaneAnswersAResizeAtOnceAndTheLinesFollow() async throws {
        let html = Self.long.map { "<p>\($0.text)</p>" }.joined()
        var environment = Fixtures.environment()
        environment.courseClient.syllabus = { _, _ in html }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.resize(PaneSize(width: 82, height: 20, glyphs: .unicode)))
        pane.update(.show(Fixtures.swift.id))
        #expect(await waitUntil { pane.state.syllabus.load.value?.count == Self.long.count && pane.state.syllabus.pendingSince == nil })
        let layouts = pane.state.syllabus.layout.layouts
        pane.update(.resize(PaneSize(width: 62, height: 20, glyphs: .unicode)))
        #expect(pane.state.syllabus.layout.layouts == layouts, "the resize wrapped nothing on the main actor")
        #expect(await waitUntil { pane.state.syllabus.layout.layouts == layouts + 1 })
        let text = pane.state.lines.map { $0.styled(now: now, glyphs: .unicode).text }
        #expect(text.contains { $0.hasPrefix("Đoạn 4000:") })
        #expect(text.allSatisfy { $0.displayWidth <= 60 })
    }
}
