extension Grid {
    /// Draws a border around `rect` with `title` in its top edge; a focused box uses the heavy line set.
    public mutating func box(_ rect: Rect, title: String, focused: Bool, style: Style = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let lines = BoxLines(glyphs, focused: focused)
        if lines.drawCellByCell(asciiOnly: usesASCIIFallback) {
            drawEdge(lines.topLeft, lines.horizontal, lines.topRight, x: rect.x, y: rect.y, width: rect.width, style: style)
            drawEdge(lines.bottomLeft, lines.horizontal, lines.bottomRight, x: rect.x, y: rect.maxY - 1, width: rect.width, style: style)
            let vertical = glyph(lines.vertical)
            for y in (rect.y + 1)..<(rect.maxY - 1) {
                // One column of chrome is what putting it as text would draw; `set` keeps to the grid.
                set(StoredCell(glyph: vertical, style: style), x: rect.x, y: y)
                set(StoredCell(glyph: vertical, style: style), x: rect.maxX - 1, y: y)
            }
        } else {
            drawBorderAsText(rect, lines: lines, style: style)
        }
        guard rect.width > 6 else { return }
        let label = " \(title) "
        put(label, x: rect.x + 2, y: rect.y, maxWidth: rect.width - 4, style: focused ? Style(bold: true, reverse: true) : .bold)
    }

    /// One horizontal edge, corner to corner, its cells written in one run.
    private mutating func drawEdge(_ left: String, _ fill: String, _ right: String, x: Int, y: Int, width: Int, style: Style) {
        // As with text, an edge that starts off the grid is not drawn at all.
        guard y >= 0, y < height, x >= 0, x < self.width else { return }
        guard x + width <= self.width else {
            // One running off the right edge ends in an ellipsis there, as text would.
            putRaw(left + String(repeating: fill, count: width - 2) + right, x: x, y: y, style: style)
            return
        }
        let (leftGlyph, fillGlyph, rightGlyph) = (glyph(left), glyph(fill), glyph(right))
        setRun(x: x, y: y, count: width) { index in
            StoredCell(glyph: index == 0 ? leftGlyph : index == width - 1 ? rightGlyph : fillGlyph, style: style)
        }
    }

    /// The border drawn as lines of text, for glyphs that may be wide, join their
    /// neighbours or need cleaning.
    private mutating func drawBorderAsText(_ rect: Rect, lines: BoxLines, style: Style) {
        let fill = String(repeating: lines.horizontal, count: rect.width - 2)
        putRaw(lines.topLeft + fill + lines.topRight, x: rect.x, y: rect.y, style: style)
        putRaw(lines.bottomLeft + fill + lines.bottomRight, x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            putRaw(lines.vertical, x: rect.x, y: y, style: style)
            putRaw(lines.vertical, x: rect.maxX - 1, y: y, style: style)
        }
    }

    /// Draws UI chrome that never comes from data, bypassing the ellipsis so edges stay whole.
    private mutating func putRaw(_ text: String, x: Int, y: Int, style: Style) {
        put(text, x: x, y: y, maxWidth: text.displayWidth, style: style)
    }
}
