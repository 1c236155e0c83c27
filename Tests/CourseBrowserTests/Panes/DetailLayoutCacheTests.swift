import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI

/// The Course pane wraps its syllabus once per width and content, not once per frame.
@MainActor
struct DetailLayoutCacheTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let html = "<p>" + String(repeating: "Đọc giáo trình chương một và hai trước buổi học. ", count: 40) + "</p>"

    func state(width: Int) -> CourseDetailState {
        var state = CourseDetailState(courseID: CourseID(1), size: PaneSize(width: width, height: 20, glyphs: .unicode))
        _ = state.syllabus.update(.finished(.success(SyllabusBlocks(HTMLText.blocks(from: html)))))
        return state
    }

    @Test func theSameWidthReusesTheLines() {
        var state = state(width: 42)
        state.layout(now: now)
        let first = state.syllabusText(now: now)
        for step in 0..<5 {
            state.scroll(by: 1)
            state.layout(now: now.addingTimeInterval(Double(step)))
        }
        #expect(state.syllabus.layout.layouts == 1)
        #expect(state.syllabusText(now: now) == first)
        #expect(first.count > 10)
    }

    @Test func aResizeWrapsAgainAtTheNewWidth() {
        var state = state(width: 42)
        state.layout(now: now)
        state.resize(PaneSize(width: 62, height: 20, glyphs: .unicode))
        state.layout(now: now)
        #expect(state.syllabus.layout.layouts == 2)
        let wide = state.syllabusText(now: now)
        #expect(wide == DetailText.syllabus(HTMLText.blocks(from: html), width: 60, glyphs: .unicode).map(\.text))
        #expect(wide.contains { $0.displayWidth > 40 })
    }

    @Test func otherGlyphsLayOutAgain() {
        var state = CourseDetailState(courseID: CourseID(1), size: PaneSize(width: 30, height: 20, glyphs: .unicode))
        _ = state.syllabus.update(.finished(.success(SyllabusBlocks(HTMLText.blocks(from: "<ul><li>x</li></ul>")))))
        state.layout(now: now)
        state.resize(PaneSize(width: 30, height: 20, glyphs: .ascii))
        state.layout(now: now)
        #expect(state.syllabus.layout.layouts == 2)
        #expect(state.lines.contains { $0.styled(now: now, glyphs: .ascii).text == "* x" })
    }

    @Test func newDataInvalidatesTheLines() {
        var state = state(width: 42)
        state.layout(now: now)
        _ = state.syllabus.update(.finished(.success(SyllabusBlocks(HTMLText.blocks(from: "<p>Tuần 2: đệ quy</p>")))))
        state.layout(now: now)
        #expect(state.syllabus.layout.layouts == 2)
        #expect(state.syllabusText(now: now).first == "Tuần 2: đệ quy")
    }

    @Test func anotherCourseStartsWithNothingLaidOut() {
        var state = state(width: 42)
        state.layout(now: now)
        state.show(CourseID(2))
        state.layout(now: now)
        #expect(state.syllabus.layout.layouts == 0)
        #expect(!state.lines.contains { $0.styled(now: now, glyphs: .unicode).text.contains("giáo trình") })
    }

    /// Above the first section heading there is no landmark at or above the top line; the
    /// next one below keeps the reader's place when the saved-copy row goes away.
    @Test func theTopLineStaysPutAboveTheFirstHeadingToo() throws {
        var state = CourseDetailState(courseID: CourseID(1), size: PaneSize(width: 30, height: 6, glyphs: .unicode))
        let course = Course(id: CourseID(1), name: "Lập trình Swift cơ bản cho người mới bắt đầu học lập trình", code: "INT2215")
        _ = state.overview.update(.restored(course, savedAt: now.addingTimeInterval(-3_600)))
        _ = state.syllabus.update(.finished(.success(SyllabusBlocks(HTMLText.blocks(from: html)))))
        state.layout(now: now)
        let texts = state.lines.map { $0.styled(now: now, glyphs: .unicode).text }
        let name = try #require(texts.firstIndex { $0.hasPrefix("Lập trình") }, "\(texts.prefix(8))")
        #expect(name > 0, "the saved-copy row comes first")
        state.scroll(to: name + 1)
        state.layout(now: now)
        let top = state.lines[state.scroll].styled(now: now, glyphs: .unicode).text
        _ = state.overview.update(.finished(.success(course)))
        state.layout(now: now)
        #expect(state.scroll == 1)
        #expect(state.lines[state.scroll].styled(now: now, glyphs: .unicode).text == top)
    }
}
