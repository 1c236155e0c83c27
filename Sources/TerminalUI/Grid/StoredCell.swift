/// A cell as a ``Grid`` keeps it: plain bits, so a frame is made, compared and freed as
/// memory, without a string per cell.
///
/// `glyph` holds the cluster's scalars, up to three of 21 bits each (no cell holds U+0000,
/// so an empty slot is 0); 0 alone is the right half of a wide cluster. A longer cluster is
/// kept in its grid's `clusters`, and `glyph` is `overflow` plus its index there.
///
/// The style is packed into `look`, so the cell is two whole words with no padding: every
/// byte is set, and equal cells are equal bytes, which is what lets a row compare by `memcmp`.
struct StoredCell: Equatable, Sendable {
    var glyph: UInt64
    var look: UInt64

    init(glyph: UInt64, style: Style) {
        self.glyph = glyph
        look = Self.look(of: style)
    }

    var style: Style {
        get { Self.style(of: look) }
        set { look = Self.look(of: newValue) }
    }

    static let overflow: UInt64 = 1 << 63
    static let continuationGlyph: UInt64 = 0
    static let spaceGlyph = UInt64(0x20)
    static let blank = StoredCell(glyph: spaceGlyph, style: .plain)

    var isContinuation: Bool { glyph == Self.continuationGlyph }
    var isOverflow: Bool { glyph & Self.overflow != 0 }

    private static func look(of style: Style) -> UInt64 {
        let flags = (style.bold ? 1 : 0) | (style.dim ? 2 : 0) | (style.reverse ? 4 : 0) | (style.underline ? 8 : 0)
        return UInt64(flags) | code(of: style.role) << 8
    }

    private static func style(of look: UInt64) -> Style {
        Style(bold: look & 1 != 0, dim: look & 2 != 0, reverse: look & 4 != 0, underline: look & 8 != 0, role: role(of: look >> 8))
    }

    private static func code(of role: Style.Role?) -> UInt64 {
        switch role {
        case nil: 0
        case .accent: 1
        case .error: 2
        case .success: 3
        case .warning: 4
        case .muted: 5
        }
    }

    private static func role(of code: UInt64) -> Style.Role? {
        [Style.Role.accent, .error, .success, .warning, .muted].first { Self.code(of: $0) == code }
    }

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
