import TerminalUI

/// The `?` screen: every key from `KeyTable`, drawn over the panes until `Esc` or `?` closes it.
enum HelpOverlay {
    static func draw(into grid: inout Grid, in area: Rect) {
        let keyWidth = (KeyTable.rows.map(\.label.displayWidth).max() ?? 0) + 2
        let width = min(area.width - 2, 78)
        let textWidth = max(1, width - keyWidth - 4)
        // Inside the border, a blank row above and below the keys.
        let room = max(1, area.height - 6)
        let lines = lines(textWidth: textWidth, room: room, glyphs: grid.glyphs)
        let height = min(area.height - 2, lines.count + 4)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        grid.clear(box)
        grid.box(box, title: "Keys", focused: true, style: Style(bold: true, role: .accent))
        for (row, line) in lines.enumerated() where box.y + 2 + row < box.maxY - 2 {
            let y = box.y + 2 + row
            grid.put(line.label, x: box.x + 2, y: y, maxWidth: keyWidth, style: .bold)
            grid.put(line.text, x: box.x + 2 + keyWidth, y: y, maxWidth: textWidth, style: line.isNote ? .muted : .plain)
        }
    }

    /// One line of the overlay: a row's keys (on its first line only) and some of what they do.
    struct Line: Equatable {
        var label: String
        var text: String
        var isNote = false
    }

    /// The lines for `room` rows: every row wrapped when that fits, else one line per row
    /// cut short, and when even that does not fit, as many as do and a note of the rest.
    static func lines(textWidth: Int, room: Int, glyphs: Glyphs) -> [Line] {
        let wrapped = KeyTable.rows.flatMap { row in
            row.does.wrapped(toWidth: textWidth).enumerated().map { Line(label: $0.offset == 0 ? row.label : "", text: $0.element) }
        }
        if wrapped.count <= room { return wrapped }
        let single = KeyTable.rows.map { Line(label: $0.label, text: $0.does.truncated(toWidth: textWidth, ellipsis: glyphs.ellipsis)) }
        if single.count <= room { return single }
        let shown = max(0, room - 1)
        return single.prefix(shown) + [Line(label: "", text: "\(single.count - shown) more in a taller window", isNote: true)]
    }
}
