import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalUI

/// What a cell hands `setcchar`: its base scalar and the marks drawn over it, zero-ended.
@Suite struct CurseCharactersTests {
    func characters(_ text: String) -> [UInt32] {
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: CursesScreen.mostCurseCharacters + 1) { buffer in
            let count = CursesScreen.curseCharacters(for: text, into: buffer)
            #expect(buffer[count] == 0, "ended with a zero")
            return buffer[0..<count].map { UInt32(bitPattern: $0) }
        }
    }

    @Test func aCellIsItsBaseAndTheMarksOverIt() {
        #expect(characters("a") == [0x61])
        #expect(characters("ệ") == [0x1EC7])
        #expect(characters("e\u{323}\u{302}") == [0x65, 0x323, 0x302])
        #expect(characters("") == [0x20], "an empty cell is a space")
    }

    @Test func spacingScalarsAfterTheBaseAndJoinersAreLeftOut() {
        // Curses would give each spacing scalar a cell of its own.
        #expect(characters("👨\u{200D}👩\u{200D}👧") == [0x1F468])
        #expect(characters("❤\u{FE0F}") == [0x2764, 0xFE0F])
    }

    @Test func noMoreMarksThanSetccharTakes() {
        #expect(characters("a" + String(repeating: "\u{301}", count: 9)) == [0x61, 0x301, 0x301, 0x301, 0x301])
    }
}
