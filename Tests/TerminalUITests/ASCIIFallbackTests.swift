import Testing
@testable import TerminalUI

struct ASCIIFallbackTests {
    @Test func symbolsGetStandInsAndLettersLoseTheirAccents() {
        #expect(ASCIIFallback.transliterate("Courses · 48") == "Courses - 48")
        #expect(ASCIIFallback.transliterate("Lập trình") == "Lap trinh")
        #expect(ASCIIFallback.transliterate("Nguyễn Văn Hùng") == "Nguyen Van Hung")
        #expect(ASCIIFallback.transliterate("Đại học đã") == "Dai hoc da")
        #expect(ASCIIFallback.transliterate("✓ done ↑↓") == "+ done ^v")
    }

    @Test(arguments: [
        ("ÀÉÎÕÜ Ćać Łódź Øre", "AEIOU Cac Lodz Ore"),
        // Decomposed: a letter and its combining accents are one character, one column.
        ("Le\u{323}\u{302} Ca\u{301}", "Le Ca"),
        // The Kelvin and Ångström signs are letters to the table.
        ("\u{212A} \u{212B}", "K A"),
    ])
    func lettersKeepTheirCase(text: String, plain: String) {
        #expect(ASCIIFallback.transliterate(text) == plain)
    }

    @Test func whatHasNoOneLetterSpellingKeepsAQuestionMarkForEachColumn() {
        #expect(ASCIIFallback.transliterate("日本語") == "??????", "no Latin spelling, two columns each")
        #expect(ASCIIFallback.transliterate("情報 101").count == "情報 101".displayWidth, "a CJK course code keeps its columns")
        #expect(ASCIIFallback.transliterate("Ελλάδα Ёлка") == "?????? ????", "folded, but not to ASCII")
        #expect(ASCIIFallback.transliterate("Straße Æsop ﬁn") == "Stra?e ?sop ?n", "two letters would take a column more")
        #expect(ASCIIFallback.transliterate("🤖") == "??")
    }

    @Test func anASCIIGridNeverHoldsNonASCIIText() {
        var grid = Grid(width: 20, height: 1, glyphs: .ascii)
        grid.put("日本語 · Lập trình Swift", x: 0, y: 0)
        #expect(grid.line(0) == "?????? - Lap trinh ~")
        #expect(grid.line(0).allSatisfy { $0.isASCII })
    }

    @Test func aFoldedNameTakesTheColumnsItsUnicodeSpellingTakes() {
        let names = ["Lập trình Swift cơ bản", "Nguyễn Văn Hùng", "Đại số tuyến tính", "Cafe\u{301} Ñandú"]
        for name in names {
            var unicode = Grid(width: 40, height: 1)
            var ascii = Grid(width: 40, height: 1, glyphs: .ascii)
            let drawn = (unicode.put(name, x: 0, y: 0), ascii.put(name, x: 0, y: 0))
            #expect(drawn.0 == drawn.1, "\(name)")
            unicode.put("|", x: drawn.0, y: 0)
            ascii.put("|", x: drawn.1, y: 0)
            #expect(ascii.line(0).count == unicode.line(0).count, "\(ascii.line(0))")
            #expect(ascii.line(0).allSatisfy { $0.isASCII })
        }
    }

    @Test func aWideCharacterTakesItsFallbacksColumnAndTheCellsAfterItFollow() {
        var grid = Grid(width: 20, height: 1, glyphs: .ascii)
        let drawn = grid.put("日本 Hùng", x: 0, y: 0)
        #expect(grid.line(0) == "???? Hung", "a ? for each of the four columns 日本 takes")
        #expect(drawn == "???? Hung".count, "the grid advances by what it drew, so a put after it lands right")
    }
}
