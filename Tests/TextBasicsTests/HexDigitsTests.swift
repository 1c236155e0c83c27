import Testing
@testable import TextBasics

/// Bytes as hex digits and back, as percent-escapes and `\xNN` escapes write and read them.
struct HexDigitsTests {
    @Test func everyByteIsAHexDigitExactlyWhenTheStandardLibraryReadsItAsOne() {
        for byte in UInt8.min...UInt8.max {
            let expected = UInt8(String(decoding: [byte], as: UTF8.self), radix: 16)
            #expect(byte.hexDigitValue == expected, "byte \(byte)")
        }
    }

    @Test func everyByteIsWrittenAsTwoUpperCaseDigitsThatReadBackAsIt() {
        for byte in UInt8.min...UInt8.max {
            let text = byte.hexDigits
            #expect(text.utf8.count == 2)
            #expect(text == text.uppercased())
            #expect(UInt8(text, radix: 16) == byte)
        }
        #expect(UInt8(0x0A).hexDigits == "0A")
    }
}
