import Testing
@testable import TerminalUI

@MainActor
struct FocusReportTests {
    @Test func focusSequencesBecomeOneKey() {
        let keys: [Key] = [.character("j"), .escape, .character("["), .character("O"), .escape, .character("["), .character("I"), .character("k")]
        #expect(CursesScreen.foldingFocusReports(keys) == [.character("j"), .focusOut, .focusIn, .character("k")])
    }

    @Test func aLoneEscapeAndOtherSequencesAreKept() {
        let keys: [Key] = [.escape, .escape, .character("["), .character("Z")]
        #expect(CursesScreen.foldingFocusReports(keys) == keys)
    }

    @Test func controlCharactersBecomeNamedKeys() {
        #expect(CursesScreen.textKey(26) == .control("z"))
        #expect(CursesScreen.textKey(3) == .control("c"))
        #expect(CursesScreen.textKey(13) == .enter)
        #expect(CursesScreen.textKey(127) == .backspace)
        #expect(CursesScreen.textKey(0x1EA1) == .character("ạ"))
    }
}
