import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI

/// While the rest of a long syllabus is converted, its row says how much of the HTML was read.
struct SyllabusRestRowTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func shown() -> CourseDetailState {
        var state = CourseDetailState(courseID: CourseID(1), size: PaneSize(width: 60, height: 40, glyphs: .unicode))
        _ = state.update(.loaded(\.syllabus, .finished(.success(SyllabusBlocks(HTMLText.blocks(from: "<p>Tuần 1</p>"))))), now: now)
        return state
    }

    func restRow(_ state: CourseDetailState) -> String? {
        state.lines.map { $0.styled(now: now, glyphs: .unicode).text }.first { $0.contains("Reading the rest of the syllabus") }
    }

    @Test func theRowCountsUpAsTheHTMLIsReadAndGoesOnceItIsAll() throws {
        var state = shown()
        _ = state.update(.syllabusPart([], more: true, read: 0.1), now: now)
        #expect(try #require(restRow(state)).contains("Reading the rest of the syllabus… 10%"))
        _ = state.update(.syllabusPart(HTMLText.blocks(from: "<p>Tuần 2</p>"), more: true, read: 0.456), now: now)
        #expect(try #require(restRow(state)).contains("syllabus… 45%"))
        _ = state.update(.syllabusPart(HTMLText.blocks(from: "<p>Tuần 3</p>"), more: false, read: 1), now: now)
        #expect(restRow(state) == nil)
    }

    @Test func aNewValueForgetsHowFarTheOldOnesRestWasRead() {
        var state = shown()
        _ = state.update(.syllabusPart([], more: true, read: 0.3), now: now)
        _ = state.update(.loaded(\.syllabus, .finished(.success(SyllabusBlocks(HTMLText.blocks(from: "<p>Mới</p>"))))), now: now)
        #expect(state.syllabus.readShare == nil)
        #expect(restRow(state) == nil)
    }
}
