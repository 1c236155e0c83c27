import Testing
@testable import TerminalUI

struct ASCIIFallbackTests {
    @Test func symbolsGetStandInsAndOtherTextKeepsItsColumns() {
        #expect(ASCIIFallback.transliterate("Courses · 48") == "Courses - 48")
        #expect(ASCIIFallback.transliterate("Lập trình") == "L?p tr?nh")
        #expect(ASCIIFallback.transliterate("✓ done ↑↓") == "+ done ^v")
    }

    @Test func anASCIIGridNeverHoldsNonASCIIText() {
        var grid = Grid(width: 20, height: 1, glyphs: .ascii)
        grid.put("日本語 · Lập trình Swift", x: 0, y: 0)
        #expect(grid.line(0) == "??? - L?p tr?nh Swi~")
        #expect(grid.line(0).allSatisfy { $0.isASCII })
    }
}
