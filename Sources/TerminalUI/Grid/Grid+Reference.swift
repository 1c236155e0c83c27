/// Drawing done the plain way, before `put` had its fast paths.
///
/// Every string is cut, cleaned, measured and drawn a `Character` at a time with the
/// reference widths; the tests hold the grid the fast paths leave to this one.
extension Grid {
    /// ``put(_:x:y:maxWidth:style:)`` through the reference cleaning and widths.
    @discardableResult
    mutating func referencePut(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let room = min(maxWidth ?? width - x, width - x)
        guard room > 0 else { return 0 }
        let clean = Sanitizer.referenceClean(Sanitizer.referenceCut(text, limit: room * 8 + 64))
        let drawable = glyphs == .ascii ? ASCIIFallback.transliterate(clean) : clean
        let fitted = drawable.referenceTruncated(toWidth: room, ellipsis: glyphs.ellipsis)
        var column = x
        for character in fitted {
            let columns = character.referenceDisplayWidth
            guard columns > 0 else { continue }
            set(Cell(text: String(character), style: style), x: column, y: y)
            if columns == 2 {
                set(Cell(text: "", style: style), x: column + 1, y: y)
            }
            column += columns
        }
        return column - x
    }
}
