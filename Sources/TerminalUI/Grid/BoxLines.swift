/// The six glyphs a box's border is made of, light or heavy.
struct BoxLines {
    var horizontal: String
    var vertical: String
    var topLeft: String
    var topRight: String
    var bottomLeft: String
    var bottomRight: String

    init(_ glyphs: Glyphs, focused: Bool) {
        horizontal = focused ? glyphs.focusedHorizontal : glyphs.horizontal
        vertical = focused ? glyphs.focusedVertical : glyphs.vertical
        topLeft = focused ? glyphs.focusedTopLeft : glyphs.topLeft
        topRight = focused ? glyphs.focusedTopRight : glyphs.topRight
        bottomLeft = focused ? glyphs.focusedBottomLeft : glyphs.bottomLeft
        bottomRight = focused ? glyphs.focusedBottomRight : glyphs.bottomRight
    }

    /// Whether each glyph can go straight into a cell of its own and give what drawing
    /// the whole edge as text would.
    ///
    /// Printable ASCII and the box-drawing block (U+2500–U+257F) are one column each,
    /// have nothing to clean, and belong to no grapheme rule that would join them to a
    /// neighbour. Where text goes through the ASCII fallback only ASCII comes out as it went in.
    func drawCellByCell(asciiOnly: Bool) -> Bool {
        [horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight].allSatisfy { glyph in
            Self.isSingleCellGlyph(glyph, asciiOnly: asciiOnly)
        }
    }

    static func isSingleCellGlyph(_ glyph: String, asciiOnly: Bool) -> Bool {
        let scalars = glyph.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return false }
        switch scalar.value {
        case 0x20...0x7E: return true
        case 0x2500...0x257F: return !asciiOnly
        default: return false
        }
    }
}
