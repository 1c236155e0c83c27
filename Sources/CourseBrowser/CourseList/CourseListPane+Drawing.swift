import CourseKit
import TerminalUI

extension CourseListPane {
    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        let status = statusLines(width: rect.width, glyphs: grid.glyphs)
        let listHeight = max(0, rect.height - status.count)
        visibleRows = max(1, listHeight)
        let items = loader.items
        viewport.reveal(selection, height: listHeight, count: items.count)
        let range = viewport.visibleRange(height: listHeight, count: items.count)
        let codeWidth = rect.width >= 32 ? codeColumnWidth(items[range]) : 0
        for (row, index) in range.enumerated() {
            let line = Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1)
            drawRow(items[index], index: index, into: &grid, in: line, codeWidth: codeWidth, focused: focused)
        }
        let statusTop = rect.y + range.count
        for (row, line) in status.enumerated() where statusTop + row < rect.maxY {
            grid.draw(line, x: rect.x + 1, y: statusTop + row, width: rect.width - 1)
        }
        if items.isEmpty, status.isEmpty, rect.height > 0 {
            grid.put("No courses", x: rect.x + 2, y: rect.y, maxWidth: rect.width - 2, style: .muted)
        }
    }

    private func statusLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        switch loader.phase {
        case let .loading(since):
            let label = loader.items.isEmpty ? "Loading courses…" : "Loading more…"
            return [StatusRows.loading(label, since: since, now: clock.now(), glyphs: glyphs, note: loader.note)]
        case let .failed(message):
            return StatusRows.failure(message, width: width - 1, glyphs: glyphs)
        case .idle, .complete:
            return []
        }
    }

    /// The widest code among the visible courses, capped so names keep most of the room.
    private func codeColumnWidth(_ visible: ArraySlice<Course>) -> Int {
        let widest = visible.lazy.map { Sanitizer.clean($0.code).displayWidth }.max() ?? 0
        return widest == 0 ? 0 : min(widest, 12) + 1
    }

    private func drawRow(_ course: Course, index: Int, into grid: inout Grid, in line: Rect, codeWidth: Int, focused: Bool) {
        let (x, y, width) = (line.x, line.y, line.width)
        let isSelected = index == selection
        let style: Style = isSelected ? (focused ? .selected : Style(bold: true, underline: true)) : .plain
        grid.clear(Rect(x: x, y: y, width: width, height: 1), style: style)
        let pointer = course.id == openID ? grid.glyphs.pointer : " "
        grid.put(pointer, x: x, y: y, maxWidth: 1, style: Style(bold: true, reverse: style.reverse, role: .accent))
        grid.put(course.name, x: x + 2, y: y, maxWidth: width - 3 - codeWidth, style: style)
        if codeWidth > 0 {
            var codeStyle = style
            codeStyle.dim = !isSelected
            grid.put(course.code, x: x + width - codeWidth, y: y, maxWidth: codeWidth - 1, style: codeStyle)
        }
    }
}
