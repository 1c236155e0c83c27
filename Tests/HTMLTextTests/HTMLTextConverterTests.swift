import Testing
@testable import HTMLText

/// Converting a piece at a time gives the blocks converting the whole gives, wherever the pieces end.
@Suite struct HTMLTextConverterTests {
    static let inputs = [
        "<h2>Tuần 1 &amp; 2</h2><p>Đọc giáo trình &mdash; 日本語 &#x1F600; done.</p><ul><li>Lab 1: &lt;types&gt;</li><li>Lab 2</li></ul>",
        "<ol start=\"3\"><li>three<ul><li>nested</li></ul>still three</li><li>four</li></ol><pre>  keep\n  spacing</pre><hr>",
        "<table><tr><td>a</td><td>b &amp; c</td></tr></table><blockquote>quoted <b>bold</b></blockquote><p>unclosed <i>tags",
        "<p>emoji 👩‍👩‍👧 and <a href=\"https://example.com/x?a=1&amp;b=2\">a link</a></p><iframe title=\"Player\" src=\"https://e.x/v\"></iframe>",
    ]

    /// Every block of `html`, read `budget` bytes at a time.
    private func pieces(_ html: String, budget: Int) -> (blocks: [TextBlock], pieces: Int) {
        var converter = HTMLText.Converter(html)
        var blocks: [TextBlock] = []
        var pieces = 0
        while !converter.isFinished {
            blocks += converter.next(reading: budget)
            pieces += 1
        }
        return (blocks, pieces)
    }

    @Test(arguments: inputs)
    func everyBudgetGivesTheWholeConversion(html: String) {
        let whole = HTMLText.blocks(from: html)
        #expect(!whole.isEmpty)
        // A budget of one byte ends pieces inside tags, entities and multi-byte characters' reach.
        for budget in 1...html.utf8.count + 1 {
            let (blocks, _) = pieces(html, budget: budget)
            #expect(blocks == whole, "budget \(budget)")
        }
    }

    /// One long paragraph of `<br>`s is a single block: asking for the first blocks stops at the
    /// limit rather than reading the whole document for them.
    @Test func theFirstBlocksOfOneLongBlockStopAtTheLimit() {
        let html = "<p>" + String(repeating: "Đọc giáo trình chương một.<br>", count: 60_000) + "</p>"
        var converter = HTMLText.Converter(html)
        let first = converter.next(blocks: 100, reading: 16 * 1024, upTo: 256 * 1024)
        #expect(!converter.isFinished)
        #expect(converter.bytesRead < 256 * 1024 + 17 * 1024, "\(converter.bytesRead) of \(converter.byteCount)")
        var rest: [TextBlock] = []
        while !converter.isFinished {
            rest += converter.next(reading: 64 * 1024)
        }
        #expect(first + rest == HTMLText.blocks(from: html))
    }

    @Test func smallBudgetsHandOverBlocksBeforeTheEnd() {
        let html = String(repeating: "<p>Đọc giáo trình chương một.</p>", count: 50)
        var converter = HTMLText.Converter(html)
        let first = converter.next(reading: 100)
        #expect(!first.isEmpty)
        #expect(!converter.isFinished)
        #expect(converter.bytesRead < converter.byteCount)
        let (all, count) = pieces(html, budget: 100)
        #expect(count > 10)
        #expect(all.count == 50)
    }

    @Test func enoughBlocksStopsReadingEarly() {
        let html = String(repeating: "<li>item</li>", count: 1_000)
        var converter = HTMLText.Converter(html)
        let first = converter.next(blocks: 10, reading: 64)
        #expect(first.count >= 10)
        #expect(first.count < 1_000)
        #expect(!converter.isFinished)
        let rest = converter.next(reading: .max)
        #expect(converter.isFinished)
        #expect(first + rest == HTMLText.blocks(from: html))
        #expect(converter.next(reading: 10).isEmpty, "nothing after the end")
    }
}
