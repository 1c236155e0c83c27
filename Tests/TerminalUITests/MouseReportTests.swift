import Testing
@testable import TerminalUI

@MainActor
struct MouseReportTests {
    func keys(_ text: String) -> [Key] {
        text.unicodeScalars.map { CursesScreen.textKey($0.value) ?? .unknown }
    }

    @Test func sgrReportsBecomeClicksAndTheWheelCountedFromZero() {
        let keys = keys("j\u{1B}[<0;12;5M\u{1B}[<0;12;5m\u{1B}[<64;3;40M\u{1B}[<65;3;40Mk")
        #expect(CursesScreen.foldingMouseReports(keys) == [
            .character("j"), .mouse(MouseEvent(.click, x: 11, y: 4)), .mouse(MouseEvent(.wheelUp, x: 2, y: 39)),
            .mouse(MouseEvent(.wheelDown, x: 2, y: 39)), .character("k"),
        ])
    }

    @Test func modifiersAreIgnoredAndOtherButtonsAndDragsDropped() {
        let keys = keys("\u{1B}[<4;1;1M\u{1B}[<2;1;1M\u{1B}[<32;5;5M\u{1B}[<1;9;9M")
        #expect(CursesScreen.foldingMouseReports(keys) == [.mouse(MouseEvent(.click, x: 0, y: 0))])
    }

    @Test func aReportSplitBetweenTwoReadsWaitsForItsEnd() {
        let first = keys("j\u{1B}[<64;6")
        let unfinished = CursesScreen.unfinishedReport(atEndOf: first)
        #expect(unfinished == Array(first.dropFirst()), "kept for the next read, not an Escape and characters")
        #expect(CursesScreen.foldingMouseReports(unfinished + keys(";8M")) == [.mouse(MouseEvent(.wheelUp, x: 5, y: 7))])
        #expect(CursesScreen.unfinishedReport(atEndOf: keys("\u{1B}")).isEmpty, "a lone Escape is a key at once")
        #expect(CursesScreen.unfinishedReport(atEndOf: keys("\u{1B}[<0;1;1Mx")).isEmpty)
    }

    @Test func aReportSplitRightAfterItsBracketWaitsToo() {
        let first = keys("j\u{1B}[")
        let unfinished = CursesScreen.unfinishedReport(atEndOf: first)
        #expect(unfinished == Array(first.dropFirst()))
        #expect(CursesScreen.foldingMouseReports(unfinished + keys("<0;3;4M")) == [.mouse(MouseEvent(.click, x: 2, y: 3))])
    }

    @Test func aNumberTooLongIsNoReportAndNoCrash() {
        let text = "\u{1B}[<99999999999999999999;1;1M"
        #expect(CursesScreen.foldingMouseReports(keys(text)) == keys(text))
    }

    @Test func anythingElseIsLeftAsKeys() {
        for text in ["\u{1B}[<0;1M", "\u{1B}[<a;1;1M", "\u{1B}[A", "\u{1B}", "\u{1B}[<0;1;1"] {
            #expect(CursesScreen.foldingMouseReports(keys(text)) == keys(text), "\(text.debugDescription)")
        }
    }
}
