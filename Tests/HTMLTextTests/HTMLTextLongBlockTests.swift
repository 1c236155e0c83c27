import Testing
@testable import HTMLText

/// A block too long to hand over whole comes in parts, each saying what its cut took out.
@Suite struct HTMLTextLongBlockTests {
    private let limit = HTMLText.BlockBuilder.longestBlock

    /// `blocks` with every part joined to the one before it again.
    private func joined(_ blocks: [TextBlock]) -> [TextBlock] {
        var whole: [TextBlock] = []
        for block in blocks {
            if let separator = block.joinsPrevious, var before = whole.popLast() {
                before.text += separator + block.text
                whole.append(before)
            } else {
                whole.append(block)
            }
        }
        return whole
    }

    @Test func aParagraphOfMegabytesArrivesAPieceAtATime() {
        let sentence = "Đọc giáo trình chương một &amp; hai trước buổi học. "
        let html = "<p>" + String(repeating: sentence, count: 40_000) + "</p><p>After.</p>"
        var converter = HTMLText.Converter(html)
        let first = converter.next(reading: 64 * 1024)
        #expect(!first.isEmpty, "the first part comes with the first piece, not after the whole paragraph")
        #expect(converter.bytesRead < 100 * 1024)
        var blocks = first
        while !converter.isFinished {
            let piece = converter.next(reading: 64 * 1024)
            #expect(piece.reduce(0) { $0 + $1.text.utf8.count } < 150 * 1024, "no piece carries much more than it read")
            blocks += piece
        }
        #expect(blocks.allSatisfy { $0.text.utf8.count <= limit })
        #expect(blocks.dropFirst().dropLast().allSatisfy { $0.joinsPrevious == " " })
        #expect(blocks.last == TextBlock(kind: .paragraph, text: "After."))
        let paragraph = "Đọc giáo trình chương một & hai trước buổi học."
        #expect(joined(blocks).map(\.text) == [Array(repeating: paragraph, count: 40_000).joined(separator: " "), "After."])
    }

    @Test func textWithoutSpacesIsCutBetweenCharacters() {
        let text = String(repeating: "線形代数学演習とベクトル空間", count: 3_000)
        let blocks = HTMLText.blocks(from: "<p>" + text + "</p>")
        #expect(blocks.count > 1)
        #expect(blocks.dropFirst().allSatisfy { $0.joinsPrevious == "" })
        #expect(joined(blocks).map(\.text) == [text])
    }

    @Test func laterPartsOfAListItemHangUnderItsMarker() {
        let item = String(repeating: "Lab 1: biến và kiểu ", count: 2_000)
        let blocks = HTMLText.blocks(from: "<ol><li>" + item + "</li><li>Lab 2</li></ol>")
        #expect(blocks.first?.kind == .listItem(marker: "1.", depth: 0))
        let parts = blocks.dropLast()
        #expect(parts.dropFirst().allSatisfy { $0.kind == .listItem(marker: "", depth: 0) && $0.joinsPrevious == " " })
        #expect(blocks.last == TextBlock(kind: .listItem(marker: "2.", depth: 0), text: "Lab 2"))
        #expect(joined(blocks).map(\.text) == [String(item.dropLast()), "Lab 2"])
    }

    @Test func preformattedTextIsCutAtALineBreak() {
        let lines = (0..<4_000).map { "    line \($0)\tend" }
        let blocks = HTMLText.blocks(from: "<pre>" + lines.joined(separator: "\n") + "</pre>")
        #expect(blocks.count > 1)
        #expect(blocks.dropFirst().allSatisfy { $0.joinsPrevious == "\n" && $0.text.hasPrefix("    line ") }, "indentation stays with its line")
        let expanded = lines.map { $0.replacingOccurrences(of: "\t", with: String(repeating: " ", count: 8 - ($0.count - 4) % 8)) }
        #expect(joined(blocks).map(\.text) == [expanded.joined(separator: "\n")])
    }

    @Test func blankLinesAfterACutInPreformattedTextAreKept() {
        // Every other line is only spaces, so some cuts fall just before one.
        let lines = (0..<6_000).map { $0 % 2 == 0 ? "  code \($0)" : String(repeating: " ", count: $0 % 7) }
        let blocks = HTMLText.blocks(from: "<pre>" + lines.joined(separator: "\n") + "\nend</pre>")
        #expect(blocks.count > 2)
        #expect(joined(blocks).map(\.text) == [(lines + ["end"]).joined(separator: "\n")])
    }

    @Test func aLongTableCellKeepsItsRow() {
        let cell = String(repeating: "Tuần học và bài tập ", count: 2_000)
        let blocks = HTMLText.blocks(from: "<table><tr><td>Week 1</td><td>" + cell + "</td><td>10%</td></tr></table>")
        #expect(blocks.count > 1)
        #expect(blocks.first?.text.hasPrefix("Week 1 | Tuần học") == true)
        #expect(joined(blocks).map(\.text) == ["Week 1 | " + cell.dropLast() + " | 10%"])
    }

    @Test func aLinkWhoseLabelSpansACutStillShowsWhereItGoes() {
        let label = String(repeating: "đọc thêm ", count: 4_000)
        let blocks = HTMLText.blocks(from: "<p><a href=\"https://canvas.example/files/1\">" + label + "</a> then more</p>")
        #expect(joined(blocks).map(\.text) == [label.dropLast() + " (https://canvas.example/files/1) then more"])
    }

    @Test func aBreakRightAtTheLimitIsWhereTheCutFalls() {
        let text = String(repeating: "A", count: limit) + " B"
        let blocks = HTMLText.blocks(from: "<p>" + text + "</p>")
        #expect(blocks.map(\.text) == [String(repeating: "A", count: limit), "B"])
        #expect(blocks.last?.joinsPrevious == " ")
    }

    @Test func strayTextInARowStaysAfterTheCellsBeforeIt() {
        let stray = String(repeating: "lạc chỗ ", count: 4_000)
        let blocks = HTMLText.blocks(from: "<table><tr><td>c1</td>" + stray + "<td>c2</td></tr></table>")
        #expect(blocks.count > 1)
        #expect(joined(blocks).map(\.text) == ["c1 | " + stray.dropLast() + " | c2"])
    }

    @Test func aLongRunIsNeverCutInsideAReference() {
        // A numeric reference may carry any number of leading zeros; the run's cut falls among them.
        let reference = "&#" + String(repeating: "0", count: 60) + "65;"
        let html = "<p>" + String(repeating: "x", count: HTMLText.Tokenizer.longestText - 50) + reference + String(repeating: "y", count: 100) + "</p>"
        let text = String(repeating: "x", count: HTMLText.Tokenizer.longestText - 50) + "A" + String(repeating: "y", count: 100)
        #expect(joined(HTMLText.blocks(from: html)).map(\.text) == [text])
    }

    @Test func aLinkTargetOfMegabytesIsCutInOnePass() {
        let target = "https://canvas.example/" + String(repeating: "a", count: 3_000_000)
        let blocks = HTMLText.blocks(from: "<p><a href=\"" + target + "\">label</a></p>")
        #expect(blocks.count > 100 && blocks.allSatisfy { $0.text.utf8.count <= limit })
        #expect(joined(blocks).map(\.text) == ["label (" + target + ")"])
    }

    @Test func plainTextJoinsThePartsAsWritten() {
        let text = String(repeating: "日本語", count: 8_000)
        #expect(HTMLText.plainText("<p>" + text + "</p><p>b</p>") == text + " b")
    }
}
