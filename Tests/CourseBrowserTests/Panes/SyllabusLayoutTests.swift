import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

struct SyllabusLayoutTests {
    func text(_ html: String, width: Int, glyphs: Glyphs = .unicode) -> [String] {
        DetailText.syllabus(HTMLText.blocks(from: html), width: width, glyphs: glyphs).map(\.text)
    }

    @Test func listItemsHangUnderTheirMarker() {
        let lines = text("<ul><li>Đọc giáo trình chương một và hai</li></ul>", width: 20)
        #expect(lines == ["• Đọc giáo trình", "  chương một và hai"])
    }

    @Test func orderedAndNestedItemsIndent() {
        let lines = text("<ol><li>One<ul><li>Inner</li></ul></li><li>Two</li></ol>", width: 30)
        #expect(lines == ["1. One", "  • Inner", "2. Two"])
    }

    @Test func paragraphsAreSeparatedByABlankLine() {
        #expect(text("<h2>Grading</h2><p>Exams &amp; labs</p>", width: 30) == ["Grading", "", "Exams & labs"])
    }

    @Test func thePartsOfAParagraphTooLongToConvertWholeFollowWithNoBlankLine() {
        let words = String(repeating: "Exams and labs ", count: 3_000)
        let blocks = HTMLText.blocks(from: "<p>" + words + "</p><p>After</p>")
        #expect(blocks.count > 2, "the paragraph came in parts")
        let lines = DetailText.syllabus(blocks, width: 60, glyphs: .unicode).map(\.text)
        #expect(lines.suffix(2) == ["", "After"])
        #expect(!lines.dropLast(2).contains(""), "no blank line between the parts")
        #expect(lines.dropLast(2).joined(separator: " ").split(separator: " ").count == 3 * 3_000)
    }

    @Test func asciiTerminalsGetAsciiBullets() {
        #expect(text("<ul><li>x</li></ul>", width: 10, glyphs: .ascii) == ["* x"])
    }

    @Test func anEmptySyllabusSaysSo() {
        #expect(text("", width: 40) == ["This course has no syllabus."])
    }

    @Test func noLineIsWiderThanThePane() {
        let html = "<p>" + String(repeating: "線形代数学演習とベクトル空間 ", count: 20) + "</p><pre>a very long preformatted line that must be cut</pre>"
        let lines = DetailText.syllabus(HTMLText.blocks(from: html), width: 17, glyphs: .unicode)
        var grid = Grid(width: 17, height: lines.count)
        for (row, line) in lines.enumerated() {
            grid.draw(line, x: 0, y: row, width: 17)
        }
        #expect(grid.lines.allSatisfy { $0.displayWidth <= 17 })
        #expect(grid.lines.last?.hasSuffix("…") == true)
    }
}

/// `SyllabusLayout.lineCount`, which a long syllabus is laid out by, against the lines themselves.
struct SyllabusLineCountTests {
    static let html = [
        "<h2>Tuần học &amp; bài tập</h2><p>Đọc giáo trình chương một và hai trước buổi học; nộp bài tập qua Canvas.</p>",
        "<ul><li>Lab 1: variables &lt;and&gt; types</li><li>Lab 2: điều kiện và vòng lặp<ol><li>nested, with a long line of words</li></ol></li></ul>",
        "<blockquote>Quoted words that wrap at a narrow width</blockquote><hr><pre>  kept   as\n written\n\n</pre>",
        "<p>line one<br>line two<br><br>   spaced    out   </p><p>supercalifragilisticexpialidocious word</p>",
        "<p>日本語の文章は空白なしで折り返す。e\u{301} combining, ©\u{FE0F} emoji, tab\there</p><p></p>",
        "<ol start=\"9\"><li>nine</li><li>ten, which wraps under its own marker</li></ol>",
    ]

    @Test(arguments: SyllabusLineCountTests.html)
    func theCountIsThatOfTheLines(html: String) {
        for block in HTMLText.blocks(from: html) {
            for width in 1...50 {
                for glyphs in [Glyphs.unicode, .ascii] {
                    let lines = SyllabusLayout.lines(for: block, width: width, glyphs: glyphs)
                    #expect(SyllabusLayout.lineCount(for: block, width: width, glyphs: glyphs) == lines.count, "\(block.kind) \(block.text) at \(width)")
                }
            }
        }
    }

    @Test func rowsLaidOutByCountDrawEachBlocksOwnLinesWithTheirGaps() {
        let blocks = HTMLText.blocks(from: Self.html.joined())
        for width in [1, 7, 20, 80] {
            var rows = SyllabusRows(width: width, glyphs: .unicode)
            rows.extend(to: SyllabusBlocks(blocks))
            var expected: [String] = []
            for (index, block) in blocks.enumerated() {
                let bothItems = index > 0 && Self.isListItem(block) && Self.isListItem(blocks[index - 1])
                if index > 0, block.joinsPrevious == nil, !bothItems { expected.append("") }
                expected += SyllabusLayout.lines(for: block, width: width, glyphs: .unicode).map(\.text)
            }
            #expect((0..<rows.count).map { rows[$0].text } == expected, "width \(width)")
        }
    }

    private static func isListItem(_ block: TextBlock) -> Bool {
        if case .listItem = block.kind { true } else { false }
    }
}
