import CourseKit
import FoundationEssentials
import TerminalUI

extension CourseListState {
    /// Draws the view on screen: its rows in the window `update` placed, then its status rows.
    func draw(into grid: inout Grid, rect: Rect, focused: Bool, now: Date) {
        let view = view
        let groups = view.groups
        let filterRows = filterLines(width: rect.width, glyphs: grid.glyphs)
        for (row, line) in filterRows.enumerated() where row < rect.height {
            grid.draw(line, x: rect.x + 1, y: rect.y + row, width: rect.width - 1)
        }
        let (_, below) = rect.splitTop(filterRows.count)
        let rect = below
        let status = statusLines(width: rect.width, glyphs: grid.glyphs, now: now)
        let listRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: max(0, rect.height - status.count))
        let range = view.list.visibleRange(count: groups.rows.count).prefix(listRect.height)
        let visibleCourses = range.compactMap { row -> Course? in
            if case let .course(index) = groups.rows[row] { return groups.courses[index] }
            return nil
        }
        // A narrow list drops the code, then the grade, before what changed; beside either, the code
        // stays only where names keep 24 columns.
        let changesWidth = rect.width >= 16 ? Self.columnWidth(visibleCourses.map { changesText($0, glyphs: grid.glyphs) }, cap: 5) : 0
        let gradeWidth = rect.width - changesWidth >= 24 ? Self.columnWidth(visibleCourses.map(gradeText), cap: 8) : 0
        let sideWidth = changesWidth + gradeWidth
        let codeColumn = Self.columnWidth(visibleCourses.map(codeText), cap: 12)
        let codeFits = sideWidth == 0 ? rect.width >= 32 : rect.width - sideWidth - codeColumn - 3 >= 24
        let codeWidth = codeFits ? codeColumn : 0
        view.list.draw(count: groups.rows.count, in: listRect, into: &grid) { row, line, grid in
            switch groups.rows[row] {
            case let .heading(text):
                grid.put(text, x: line.x + 1, y: line.y, maxWidth: line.width - 1, style: Style(bold: true, role: .accent))
            case let .course(index):
                let row = CourseRow(
                    selected: index == view.selection, focused: focused, codeWidth: codeWidth, changesWidth: changesWidth, gradeWidth: gradeWidth, now: now
                )
                drawRow(groups.courses[index], row, into: &grid, in: line)
            }
        }
        let statusTop = rect.y + range.count
        for (row, line) in status.enumerated() where statusTop + row < rect.maxY {
            grid.draw(line, x: rect.x + 1, y: statusTop + row, width: rect.width - 1)
        }
    }

    /// The `/` filter's row above the list: the field while it is typed, what it keeps once kept.
    func filterLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard let filter else { return [] }
        if filter.isEditing {
            return [PromptField.line(label: "/ ", editor: filter.editor, width: width - 1, glyphs: glyphs)]
        }
        return [StyledLine([
            .init(text: "/ ", style: .accent),
            .init(text: filter.editor.text, style: .bold),
            .init(text: "  Esc clears", style: .muted),
        ])]
    }

    /// Rows under the list: loading, a failure, the empty state and what the backend skipped.
    func statusLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        loadLines(width: width, glyphs: glyphs, now: now)
    }

    private func loadLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        let pages = view.pages
        var lines: [StyledLine] = notice?.lines(width: width - 1) ?? []
        if view.isRefreshingQuietly {
            if let failure = pages.failure {
                lines += RefreshFailureRow.lines(failure, at: view.failedAt, width: width - 1, glyphs: glyphs)
            }
            return lines + skippedLines(width: width - 1, glyphs: glyphs)
        }
        if let saved = view.savedCopy {
            let status = SavedCopyRow.Status(savedAt: saved.savedAt, refreshing: pages.isLoading, failure: pages.failure, note: pages.note)
            lines += SavedCopyRow.lines(status, now: now, width: width - 1, glyphs: glyphs)
            return lines + skippedLines(width: width - 1, glyphs: glyphs)
        }
        switch pages.phase {
        case let .loading(since):
            let label = pages.items.isEmpty ? "Loading \(scope.title.lowercased()) courses…" : "Loading more…"
            lines.append(StatusRows.loading(label, since: since, now: now, glyphs: glyphs, note: pages.note))
        case let .failed(failure):
            lines += StatusRows.failure(failure.message, width: width - 1, glyphs: glyphs)
        case .complete where view.groups.courses.isEmpty:
            lines.append(StyledLine(view.filterWords.isEmpty ? emptyMessage : "No course matches \"\(filter?.editor.text ?? "")\"", style: .muted))
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
        let skipped = view.pages.skipped
        guard !skipped.isEmpty else { return [] }
        var lines = skipped.prefix(3).flatMap { StatusRows.warning($0, width: width, glyphs: glyphs) }
        if skipped.count > 3 {
            lines.append(StyledLine("  …and \(skipped.count - 3) more skipped", style: Style(role: .warning)))
        }
        return lines
    }

    /// The widest of a column's texts on the visible rows, with a gap, capped at `cap` so names keep most of the room.
    private static func columnWidth(_ texts: [String], cap: Int) -> Int {
        let widest = texts.lazy.map { Sanitizer.clean(Sanitizer.cut($0, limit: 64)).displayWidth }.max() ?? 0
        return widest == 0 ? 0 : min(widest, cap) + 1
    }

    /// What the grade column says: the current grade, unless the course hides it.
    private func gradeText(_ course: Course) -> String {
        CourseListing.grade(course) ?? ""
    }

    /// What the column of changes says: `●2` when two things changed since the student last looked.
    private func changesText(_ course: Course, glyphs: Glyphs) -> String {
        guard let count = changeCounts[course.id] else { return "" }
        return glyphs.changed + (count > 99 ? "99+" : String(count))
    }

    /// What the right-hand column says: the course code, or why the course is special.
    private func codeText(_ course: Course) -> String {
        CourseListing.standing(course) ?? course.code
    }

    /// Draws `name` with the parts the filter found in it highlighted.
    private func drawName(_ name: String, x: Int, y: Int, maxWidth: Int, style: Style, into grid: inout Grid) {
        let words = view.filterWords
        guard !words.isEmpty else {
            grid.put(name, x: x, y: y, maxWidth: maxWidth, style: style)
            return
        }
        var found = Style(bold: true, reverse: style.reverse, underline: true, role: .accent)
        found.dim = false
        var spans: [StyledLine.Span] = []
        var next = 0
        let characters = Array(name)
        for range in SearchText.ranges(of: words, in: name, folder: view.searchFolder).sorted(by: { $0.lowerBound < $1.lowerBound })
            where range.lowerBound >= next {
            spans.append(.init(text: String(characters[next..<range.lowerBound]), style: style))
            spans.append(.init(text: String(characters[range]), style: found))
            next = range.upperBound
        }
        spans.append(.init(text: String(characters[next...]), style: style))
        grid.draw(StyledLine(spans), x: x, y: y, width: maxWidth)
    }

    /// How one course row is drawn.
    private struct CourseRow {
        var selected: Bool
        var focused: Bool
        var codeWidth: Int
        var changesWidth: Int
        var gradeWidth: Int
        var now: Date
    }

    private func drawRow(_ course: Course, _ row: CourseRow, into grid: inout Grid, in line: Rect) {
        let (x, y, codeWidth) = (line.x, line.y, row.codeWidth)
        // The grade takes the row's right end, what changed sits left of it, and the code left of that.
        let width = line.width - row.changesWidth - row.gradeWidth
        var style: Style = row.selected ? (row.focused ? .selected : Style(bold: true, underline: true)) : .plain
        if course.hasEnded(at: row.now) || course.isRestricted || course.isHidden, !row.selected {
            style = .muted
        }
        grid.clear(Rect(x: x, y: y, width: line.width, height: 1), style: style)
        let pointer = course.id == openID ? grid.glyphs.pointer : " "
        grid.put(pointer, x: x, y: y, maxWidth: 1, style: Style(bold: true, reverse: style.reverse, role: .accent))
        var nameX = x + 2
        if course.isRestricted {
            nameX += grid.put(grid.glyphs.lock + " ", x: nameX, y: y, maxWidth: width - 3 - codeWidth, style: style)
        }
        drawName(course.name, x: nameX, y: y, maxWidth: x + width - 1 - codeWidth - nameX, style: style, into: &grid)
        if codeWidth > 0 {
            var codeStyle = style
            codeStyle.dim = !row.selected
            if course.enrollment == .invited, !row.selected {
                codeStyle = Style(role: .accent)
            }
            grid.put(codeText(course), x: x + width - codeWidth, y: y, maxWidth: codeWidth - 1, style: codeStyle)
        }
        if row.changesWidth > 0 {
            let changesStyle = Style(bold: true, reverse: style.reverse, role: .accent)
            grid.put(changesText(course, glyphs: grid.glyphs), x: x + width, y: y, maxWidth: row.changesWidth - 1, style: changesStyle)
        }
        if row.gradeWidth > 0 {
            grid.put(gradeText(course), x: x + width + row.changesWidth, y: y, maxWidth: row.gradeWidth - 1, style: style)
        }
    }
}
