import TerminalUI

extension HelpOverlay {
    /// The box's title: `Keys`, and the search while there is one (with a cursor while typed).
    var title: String {
        guard isFinding || !query.isEmpty else { return "Keys" }
        return "Keys · /" + Sanitizer.clean(query) + (isFinding ? "▏" : "")
    }

    /// Draws the overlay over `area`, listing the keys of `groups` the search keeps from the
    /// line scrolled to (as far as the room allows), the selected one reversed, and where that
    /// is in the border when not every line shows; `footer` (Canvas's last rate budget) goes at
    /// the start of the bottom border, and a note on the last Enter before it.
    func draw(into grid: inout Grid, in area: Rect, groups: [Group], footer: String? = nil) {
        let shown = shown(groups)
        var (frame, lines) = Self.frame(in: area, groups: shown)
        if lines.isEmpty {
            lines = [Line(label: "", text: "No key’s name or words hold “\(Sanitizer.clean(query))”", kind: .disabled)]
            (frame, _) = Self.frame(in: area, groups: [Group(title: lines[0].text, items: [])])
        }
        let box = frame.box
        grid.clear(box)
        grid.box(box, title: title, focused: true, style: Style(bold: true, role: .accent))
        let first = firstLine(of: lines, room: frame.room)
        for (row, line) in lines.dropFirst(first).prefix(frame.room).enumerated() {
            drawLine(line, y: box.y + 1 + row, box: box, frame: frame, into: &grid)
        }
        if lines.count > frame.room {
            let position = " \(first + 1)–\(min(first + frame.room, lines.count)) of \(lines.count) "
            grid.put(position, x: box.maxX - position.displayWidth - 2, y: box.maxY - 1, style: .muted)
        }
        if let bottom = note ?? footer {
            // Left of the scroll position, which keeps its place at the right when both don't fit.
            let room = box.width - 4 - (lines.count > frame.room ? 18 : 0)
            grid.put(" \(bottom) ", x: box.x + 2, y: box.maxY - 1, maxWidth: max(0, room), style: .muted)
        }
    }

    private func drawLine(_ line: Line, y: Int, box: Rect, frame: Frame, into grid: inout Grid) {
        if line.kind == .heading {
            grid.put(line.text, x: box.x + 2, y: y, maxWidth: box.width - 4, style: Style(bold: true, role: .accent))
            return
        }
        let isSelected = line.item != nil && line.item == selected
        let dimmed = line.kind == .disabled
        var labelStyle: Style = dimmed ? .muted : .bold
        var textStyle: Style = dimmed ? .muted : .plain
        if isSelected {
            labelStyle.reverse = true
            textStyle.reverse = true
            grid.put(String(repeating: " ", count: max(0, box.width - 4)), x: box.x + 2, y: y, style: textStyle)
        }
        grid.put(line.label, x: box.x + 2, y: y, maxWidth: frame.keyWidth, style: labelStyle)
        grid.put(line.text, x: box.x + 2 + frame.keyWidth, y: y, maxWidth: frame.textWidth, style: textStyle)
    }
}
