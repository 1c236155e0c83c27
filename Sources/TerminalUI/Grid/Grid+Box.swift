extension Grid {
    /// Draws a border around `rect` with `title` in its top edge; a focused box uses the heavy line set.
    public mutating func box(_ rect: Rect, title: String, focused: Bool, style: Style = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let g = glyphs
        let h = focused ? g.focusedHorizontal : g.horizontal
        let v = focused ? g.focusedVertical : g.vertical
        let top = (focused ? g.focusedTopLeft : g.topLeft) + String(repeating: h, count: rect.width - 2) + (focused ? g.focusedTopRight : g.topRight)
        let bottom = (focused ? g.focusedBottomLeft : g.bottomLeft) + String(repeating: h, count: rect.width - 2) + (focused ? g.focusedBottomRight : g.bottomRight)
        putRaw(top, x: rect.x, y: rect.y, style: style)
        putRaw(bottom, x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            putRaw(v, x: rect.x, y: y, style: style)
            putRaw(v, x: rect.maxX - 1, y: y, style: style)
        }
        guard rect.width > 6 else { return }
        let label = " \(title) "
        put(label, x: rect.x + 2, y: rect.y, maxWidth: rect.width - 4, style: focused ? Style(bold: true, reverse: true) : .bold)
    }

    /// Draws UI chrome that never comes from data, bypassing the ellipsis so edges stay whole.
    private mutating func putRaw(_ text: String, x: Int, y: Int, style: Style) {
        put(text, x: x, y: y, maxWidth: text.displayWidth, style: style)
    }
}
