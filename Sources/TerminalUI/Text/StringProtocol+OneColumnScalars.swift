extension StringProtocol {
    /// Whether every scalar of this text is a printable character of its own, one column
    /// wide: printable ASCII, and the Latin letters, signs and punctuation most syllabi are
    /// written in (`Lập trình`, `Straße`, `“quoted” — and …`).
    ///
    /// Such text is measured by counting its scalars and broken at its spaces' bytes, with no
    /// grapheme clusters to find: laying a long syllabus out spent most of its time finding them.
    var isOneColumnPerScalar: Bool {
        if isPrintableASCII { return true }
        for scalar in unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                guard value &- 0x20 < 0x5F else { return false }
                continue
            }
            // Blocks without combining marks, joiners or emoji: each scalar is a cluster.
            let inLatinBlocks = (0xA0...0x24F).contains(value) && value != 0xAD
                || (0x1E00...0x1EFF).contains(value) || (0x2010...0x2027).contains(value)
            guard inLatinBlocks, ScalarWidthTable.kind(of: scalar) == .narrow else { return false }
        }
        return true
    }

    /// The number of scalars, which is the columns of text that ``isOneColumnPerScalar``.
    var scalarCount: Int {
        utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
