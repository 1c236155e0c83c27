extension StringProtocol {
    /// Whether every scalar of this text is a printable character of its own, one column
    /// wide: printable ASCII, and the Latin letters, signs and punctuation most syllabi are
    /// written in (`Lập trình`, `Straße`, `“quoted” — and …`).
    ///
    /// Such text is measured by counting its scalars and broken at its spaces' bytes, with no
    /// grapheme clusters to find: laying a long syllabus out spent most of its time finding them.
    var isOneColumnPerScalar: Bool {
        if let answer = utf8.withContiguousStorageIfAvailable(OneColumnScalars.hold) { return answer }
        return Array(utf8).withUnsafeBufferPointer(OneColumnScalars.hold)
    }

    /// The number of scalars, which is the columns of text that ``isOneColumnPerScalar``.
    var scalarCount: Int {
        if let count = utf8.withContiguousStorageIfAvailable(OneColumnScalars.count) { return count }
        return unicodeScalars.count
    }
}

/// ``StringProtocol/isOneColumnPerScalar`` and ``StringProtocol/scalarCount`` over a text's
/// UTF-8 bytes, read in place: measuring is done for every line drawn.
private enum OneColumnScalars {
    static func hold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                guard lead &- 0x20 < 0x5F else { return false }
                index += 1
                continue
            }
            // Every scalar of the blocks below is two or three bytes long.
            let length = lead >= 0xE0 ? 3 : 2
            guard lead >= 0xC0, lead < 0xF0, index + length <= bytes.count else { return false }
            var value = UInt32(lead & (length == 3 ? 0x0F : 0x1F))
            for offset in 1..<length {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            guard isOneColumn(value) else { return false }
            index += length
        }
        return true
    }

    /// A scalar of the blocks without combining marks, joiners or emoji, where each is a cluster, that is one column wide.
    private static func isOneColumn(_ value: UInt32) -> Bool {
        // The soft hyphen (U+00AD) is of these blocks but draws nothing: the table says so.
        let inLatinBlocks = (0xA0...0x24F).contains(value) || (0x1E00...0x1EFF).contains(value) || (0x2010...0x2027).contains(value)
        guard inLatinBlocks, let scalar = Unicode.Scalar(value) else { return false }
        return ScalarWidthTable.kind(of: scalar) == .narrow
    }

    static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            count += 1
        }
        return count
    }
}
