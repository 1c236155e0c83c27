import FoundationEssentials
import TerminalUI

extension CourseDetailState {
    /// Draws the header, then the window of content lines `update` placed.
    func draw(into grid: inout Grid, rect: Rect, now: Date, focused: Bool) {
        let full = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        for (row, line) in header.prefix(full.height).enumerated() {
            grid.draw(line, x: full.x, y: full.y + row, width: full.width)
        }
        let (_, content) = full.splitTop(header.count)
        for (row, line) in lines.dropFirst(scroll).prefix(content.height).enumerated() {
            let y = content.y + row
            grid.draw(line.styled(now: now, glyphs: grid.glyphs), x: content.x, y: y, width: content.width)
            if let item = line.item, item.id == selectedItem {
                // Marked when the pane is not focused too, so o and y say what they act on.
                grid.setStyle(focused ? .selected : Style(underline: true), in: Rect(x: content.x, y: y, width: content.width, height: 1))
            }
        }
    }
}
