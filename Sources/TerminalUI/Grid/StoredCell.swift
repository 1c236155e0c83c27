/// A cell as a ``Grid`` keeps it: plain bits, so a frame is made, compared and freed as
/// memory, without a string per cell.
///
/// `glyph` holds the cluster's scalars, up to three of 21 bits each (no cell holds U+0000,
/// so an empty slot is 0); 0 alone is the right half of a wide cluster. A longer cluster is
/// kept in its grid's `clusters`, and `glyph` is `overflow` plus its index there.
struct StoredCell: Equatable, Sendable {
    var glyph: UInt64
    var style: Style

    static let overflow: UInt64 = 1 << 63
    static let continuationGlyph: UInt64 = 0
    static let spaceGlyph = UInt64(0x20)
    static let blank = StoredCell(glyph: spaceGlyph, style: .plain)

    var isContinuation: Bool { glyph == Self.continuationGlyph }
    var isOverflow: Bool { glyph & Self.overflow != 0 }

    /// The glyph of `text` when it fits in the bits, else nil.
    static func inlineGlyph(_ text: String) -> UInt64? {
        var glyph: UInt64 = 0
        var shift: UInt64 = 0
        for scalar in text.unicodeScalars {
            guard shift < 63, scalar.value != 0 else { return nil }
            glyph |= UInt64(scalar.value) << shift
            shift += 21
        }
        return glyph
    }

    /// The text of an inline glyph.
    static func text(ofInline glyph: UInt64) -> String {
        if glyph < 0x80 { return glyph == 0 ? "" : printableTexts[Int(glyph & 0x7F)] }
        var scalars = String.UnicodeScalarView()
        var rest = glyph
        while rest != 0 {
            if let scalar = Unicode.Scalar(UInt32(rest & 0x1F_FFFF)) { scalars.append(scalar) }
            rest >>= 21
        }
        return String(scalars)
    }

    /// One-scalar texts for every ASCII code, made once, so reading an ASCII cell allocates nothing.
    private static let printableTexts: [String] = (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) }
}
