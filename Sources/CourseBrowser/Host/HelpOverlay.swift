import TerminalUI

/// The `?` screen: every key, drawn over the panes until `Esc` or `?` closes it.
enum HelpOverlay {
    static let entries: [KeyHint] = [
        KeyHint(key: "↑ ↓  j k", action: "move or scroll"),
        KeyHint(key: "PgUp PgDn", action: "move a page"),
        KeyHint(key: "Home End  g G", action: "first, last"),
        KeyHint(key: "Enter", action: "open the selected course"),
        KeyHint(key: "v", action: "courses: current, favorites, all"),
        KeyHint(key: "Tab  Shift-Tab", action: "next, previous pane"),
        KeyHint(key: "r", action: "retry what failed in this pane"),
        KeyHint(key: "u", action: "upload a file to this course"),
        KeyHint(key: "R", action: "retry every failed upload"),
        KeyHint(key: "d", action: "remove the selected upload"),
        KeyHint(key: "?  Esc", action: "close this help"),
        KeyHint(key: "Ctrl-Z", action: "suspend (fg to resume)"),
        KeyHint(key: "q  Ctrl-C", action: "quit"),
    ]

    static func draw(into grid: inout Grid, in area: Rect) {
        let width = min(area.width - 2, 52)
        let height = min(area.height - 2, entries.count + 4)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        grid.clear(box)
        grid.box(box, title: "Keys", focused: true, style: Style(bold: true, role: .accent))
        let keyWidth = 16
        for (row, entry) in entries.prefix(height - 4).enumerated() {
            let y = box.y + 2 + row
            grid.put(entry.key, x: box.x + 2, y: y, maxWidth: keyWidth, style: .bold)
            grid.put(entry.action, x: box.x + 2 + keyWidth, y: y, maxWidth: box.width - keyWidth - 4)
        }
    }
}
