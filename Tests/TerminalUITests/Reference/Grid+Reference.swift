@testable import TerminalUI

/// Drawing done the plain way, before `put` and `box` had their fast paths.
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

    /// ``box(_:title:focused:style:)`` with every edge put as a string.
    mutating func referenceBox(_ rect: Rect, title: String, focused: Bool, style: Style = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let g = glyphs
        let h = focused ? g.focusedHorizontal : g.horizontal
        let v = focused ? g.focusedVertical : g.vertical
        let top = (focused ? g.focusedTopLeft : g.topLeft) + String(repeating: h, count: rect.width - 2) + (focused ? g.focusedTopRight : g.topRight)
        let bottom = (focused ? g.focusedBottomLeft : g.bottomLeft) + String(repeating: h, count: rect.width - 2) + (focused ? g.focusedBottomRight : g.bottomRight)
        referencePutRaw(top, x: rect.x, y: rect.y, style: style)
        referencePutRaw(bottom, x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            referencePutRaw(v, x: rect.x, y: y, style: style)
            referencePutRaw(v, x: rect.maxX - 1, y: y, style: style)
        }
        guard rect.width > 6 else { return }
        let label = " \(title) "
        referencePut(label, x: rect.x + 2, y: rect.y, maxWidth: rect.width - 4, style: focused ? Style(bold: true, reverse: true) : .bold)
    }

    private mutating func referencePutRaw(_ text: String, x: Int, y: Int, style: Style) {
        referencePut(text, x: x, y: y, maxWidth: text.referenceDisplayWidth, style: style)
    }
}
