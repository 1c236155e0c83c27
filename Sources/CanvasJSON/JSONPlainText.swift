/// Finds runs of plain text inside JSON strings eight bytes at a time: printable ASCII that
/// is neither a quote nor a backslash, and well-formed letters of two or three bytes, which
/// are most of a catalog's bytes.
package enum JSONPlainText {
    /// Where the text from `start` on stops being plain string text or well-formed letters
    /// of two or three bytes with no special second byte (most of Vietnamese, say): at a
    /// quote, a backslash, a control character, or any other byte from 0x80 up, which the
    /// caller then judges.
    ///
    /// Eight bytes are looked at together; the plain ones before the first that isn't are
    /// skipped at once, however few, so text with a letter of two bytes in every word is
    /// not read a byte at a time.
    @inline(__always)
    static func textEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            if index + 8 <= count {
                let special = specialBytes(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                guard special != 0 else {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            } else if isPlain(bytes[index]) {
                index += 1
                continue
            }
            let byte = bytes[index]
            if byte >= 0xC2, byte <= 0xDF, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                index += 2
            } else if byte >= 0xE1, byte <= 0xEF, byte != 0xED, index + 2 < count,
                      bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 {
                index += 3
            } else {
                return index
            }
        }
        return index
    }

    /// The high bit set in each byte of `word` that may not be plain; the lowest one set
    /// is always the first byte that isn't (a borrow can mark a byte wrongly, but only
    /// above one rightly marked).
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
        let control = (word &- 0x2020_2020_2020_2020) & ~word & high
        return (word & high) | control | zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    }

    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}
