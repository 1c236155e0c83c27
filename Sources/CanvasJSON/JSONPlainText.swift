/// Finds runs of plain text inside JSON strings eight bytes at a time: printable ASCII that
/// is neither a quote nor a backslash, which is most of a catalog's bytes.
package enum JSONPlainText {
    /// How many bytes from `start` on are plain string text.
    @inline(__always)
    package static func count(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count, !mayHoldSpecial(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        while index < bytes.count, isPlain(bytes[index]) {
            index += 1
        }
        return index - start
    }

    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes may be other than plain; never false when one is.
    @inline(__always)
    private static func mayHoldSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
        let nonASCII = word & high != 0
        let control = (word &- 0x2020_2020_2020_2020) & ~word & high != 0
        return nonASCII || control || hasZeroByte(word ^ 0x2222_2222_2222_2222) || hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    }
}
