extension Grid {
    /// ``put(_:x:y:maxWidth:style:)`` for text whose bytes are all printable ASCII, with
    /// `room` columns for it.
    ///
    /// Such text needs no cleaning, comes through the ASCII fallback unchanged and is one
    /// cell per byte, so it is cut by counting bytes and drawn without forming a `Character`.
    mutating func putPrintableASCII(_ text: String, x: Int, y: Int, room: Int, style: Style) -> Int {
        let count = text.utf8.count
        if count <= room { return drawPrintableASCII(text, count: count, x: x, y: y, style: style) }

        let ellipsis = glyphs.ellipsis
        let ellipsisWidth = ellipsis.displayWidth
        guard ellipsisWidth <= room else { return drawFitted(ellipsis.prefix(fittingWidth: room), x: x, y: y, style: style) }
        let kept = room - ellipsisWidth
        guard kept > 0 else { return drawFitted(ellipsis, x: x, y: y, style: style) }
        // An ellipsis that starts with a combining mark joins the last byte kept into one
        // cluster, and can reach no further back, so that byte is drawn along with it.
        let written = drawPrintableASCII(text, count: kept - 1, x: x, y: y, style: style)
        let last = text.utf8.index(text.startIndex, offsetBy: kept - 1)
        let tail = String(text[last..<text.utf8.index(after: last)]) + ellipsis
        return written + drawFitted(tail, x: x + written, y: y, style: style)
    }

    /// Draws the first `count` bytes of `text`, all printable ASCII, one cell each.
    private mutating func drawPrintableASCII(_ text: String, count: Int, x: Int, y: Int, style: Style) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            let count = min(count, bytes.count)
            // An ASCII byte is its own scalar, and so its own glyph.
            setRun(x: x, y: y, count: count) { StoredCell(glyph: UInt64(bytes[$0]), style: style) }
            return count
        }
    }
}
