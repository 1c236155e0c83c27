import TerminalUI

/// The `?` screen: every key from `KeyTable`, drawn over the panes until `Esc` or `?` closes it.
enum HelpOverlay {
    static func draw(into grid: inout Grid, in area: Rect) {
        let keyWidth = (KeyTable.rows.map(\.label.displayWidth).max() ?? 0) + 2
        let width = min(area.width - 2, 78)
        let textWidth = max(1, width - keyWidth - 4)
        let rows = KeyTable.rows.map { ($0.label, $0.does.wrapped(toWidth: textWidth)) }
        let height = min(area.height - 2, rows.reduce(0) { $0 + $1.1.count } + 4)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        grid.clear(box)
        grid.box(box, title: "Keys", focused: true, style: Style(bold: true, role: .accent))
        var y = box.y + 2
        for (label, lines) in rows {
            for (index, line) in lines.enumerated() where y < box.maxY - 2 {
                if index == 0 {
                    grid.put(label, x: box.x + 2, y: y, maxWidth: keyWidth, style: .bold)
                }
                grid.put(line, x: box.x + 2 + keyWidth, y: y, maxWidth: textWidth)
                y += 1
            }
        }
    }
}
