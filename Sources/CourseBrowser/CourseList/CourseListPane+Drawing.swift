import CourseKit
import TerminalUI

extension CourseListPane {
    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        let view = view
        view.regroup(now: clock.now())
        let status = statusLines(width: rect.width, glyphs: grid.glyphs)
        let listHeight = max(0, rect.height - status.count)
        visibleRows = max(1, listHeight)
        let groups = view.groups
        let selectedRow = view.selection.map { groups.rowOfCourse[$0] }
        // Keep the selected course's heading in view when the course is near the top.
        view.viewport.reveal(max(0, (selectedRow ?? 0) - 1), height: listHeight, count: groups.rows.count)
        view.viewport.reveal(selectedRow ?? 0, height: listHeight, count: groups.rows.count)
        let range = view.viewport.visibleRange(height: listHeight, count: groups.rows.count)
        let visibleCourses = range.compactMap { row -> Course? in
            if case let .course(index) = groups.rows[row] { return groups.courses[index] }
            return nil
        }
        let codeWidth = rect.width >= 32 ? codeColumnWidth(visibleCourses) : 0
        for (offset, row) in range.enumerated() {
            let line = Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: 1)
            switch groups.rows[row] {
            case let .heading(text):
                grid.put(text, x: line.x + 1, y: line.y, maxWidth: line.width - 1, style: Style(bold: true, role: .accent))
            case let .course(index):
                let selected = index == view.selection
                drawRow(groups.courses[index], selected: selected, into: &grid, in: line, codeWidth: codeWidth, focused: focused)
            }
        }
        let statusTop = rect.y + range.count
        for (row, line) in status.enumerated() where statusTop + row < rect.maxY {
            grid.draw(line, x: rect.x + 1, y: statusTop + row, width: rect.width - 1)
        }
    }

    private func statusLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        var lines: [StyledLine] = []
        switch loader.phase {
        case let .loading(since):
            let label = loader.items.isEmpty ? "Loading \(scope.title.lowercased()) courses…" : "Loading more…"
            lines.append(StatusRows.loading(label, since: since, now: clock.now(), glyphs: glyphs, note: loader.note))
        case let .failed(failure):
            lines += StatusRows.failure(failure.message, width: width - 1, glyphs: glyphs)
        case .complete where view.groups.courses.isEmpty:
            lines.append(StyledLine(emptyMessage, style: .muted))
        case .idle, .complete:
            break
        }
        lines += skippedLines(width: width - 1, glyphs: glyphs)
        return lines
    }

    private var emptyMessage: String {
        switch scope {
        case .current: return "No current courses · v shows more"
        case .favorites: return "No favorite courses · star some in Canvas"
        case .all: return "No courses"
        }
    }

    /// What the backend had to leave out, at most three lines and a count of the rest.
    private func skippedLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        let skipped = loader.skipped
        guard !skipped.isEmpty else { return [] }
        var lines = skipped.prefix(3).flatMap { StatusRows.warning($0, width: width, glyphs: glyphs) }
        if skipped.count > 3 {
            lines.append(StyledLine("  …and \(skipped.count - 3) more skipped", style: Style(role: .warning)))
        }
        return lines
    }

    /// The widest code among the visible courses, capped so names keep most of the room.
    private func codeColumnWidth(_ visible: [Course]) -> Int {
        let widest = visible.lazy.map { Sanitizer.clean(Sanitizer.cut(self.codeText($0), limit: 64)).displayWidth }.max() ?? 0
        return widest == 0 ? 0 : min(widest, 12) + 1
    }

    /// What the right-hand column says: the course code, or why the course is special.
    private func codeText(_ course: Course) -> String {
        if course.isRestricted { return "restricted" }
        if course.enrollment == .invited { return "invited" }
        return course.code
    }

    private func drawRow(_ course: Course, selected: Bool, into grid: inout Grid, in line: Rect, codeWidth: Int, focused: Bool) {
        let (x, y, width) = (line.x, line.y, line.width)
        let ended = course.hasEnded(at: clock.now())
        var style: Style = selected ? (focused ? .selected : Style(bold: true, underline: true)) : .plain
        if ended || course.isRestricted, !selected {
            style = .muted
        }
        grid.clear(Rect(x: x, y: y, width: width, height: 1), style: style)
        let pointer = course.id == openID ? grid.glyphs.pointer : " "
        grid.put(pointer, x: x, y: y, maxWidth: 1, style: Style(bold: true, reverse: style.reverse, role: .accent))
        var nameX = x + 2
        if course.isRestricted {
            nameX += grid.put(grid.glyphs.lock + " ", x: nameX, y: y, maxWidth: width - 3 - codeWidth, style: style)
        }
        grid.put(course.name, x: nameX, y: y, maxWidth: x + width - 1 - codeWidth - nameX, style: style)
        if codeWidth > 0 {
            var codeStyle = style
            codeStyle.dim = !selected
            if course.enrollment == .invited, !selected {
                codeStyle = Style(role: .accent)
            }
            grid.put(codeText(course), x: x + width - codeWidth, y: y, maxWidth: codeWidth - 1, style: codeStyle)
        }
    }
}
