import CourseKit
import FoundationEssentials
import TerminalUI

extension DueState {
    /// Draws the hand-in flow or the notice, the window of rows `update` placed, then the status rows.
    func draw(into grid: inout Grid, rect: Rect, focused: Bool, now: Date) {
        let content = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        let header = headerLines(width: content.width, glyphs: grid.glyphs, now: now)
        for (row, line) in header.prefix(content.height).enumerated() {
            grid.draw(line, x: content.x, y: content.y + row, width: content.width)
        }
        let (_, below) = content.splitTop(min(header.count, content.height))
        let status = statusLines(width: content.width, glyphs: grid.glyphs, now: now)
        let listRect = Rect(x: below.x, y: below.y, width: below.width, height: max(0, below.height - status.count))
        let groups = groups
        let selected = selection
        list.draw(count: groups.rows.count, in: listRect, into: &grid) { row, line, grid in
            switch groups.rows[row] {
            case let .heading(text):
                grid.put(text, x: line.x, y: line.y, maxWidth: line.width, style: Style(bold: true, role: .accent))
            case let .item(index):
                let item = groups.items[index]
                let text = DueRow.line(
                    for: item, day: DueDay(of: item, now: now), width: line.width, glyphs: grid.glyphs, now: now, note: rowNote(for: item)
                )
                grid.draw(text, x: line.x, y: line.y, width: line.width)
                if index == selected {
                    grid.setStyle(focused ? .selected : Style(underline: true), in: line)
                }
            }
        }
        let top = listRect.y + min(list.visibleRange(count: groups.rows.count).count, listRect.height)
        for (row, line) in status.enumerated() where top + row < below.maxY {
            grid.draw(line, x: below.x, y: top + row, width: below.width)
        }
    }

    /// What is on its way for `item`, after its state on its row (`sending`), if anything.
    func rowNote(for item: PlannerItem) -> String? {
        marks[item.id]?.rowNote ?? noteChangeNote(for: item)
    }

    /// Rows above the list: the hand-in flow while it is open, else the last notice.
    func headerLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        if let notePrompt {
            return notePrompt.lines(width: width, glyphs: glyphs) + [.blank]
        }
        if let handIn {
            return handIn.lines(width: width, glyphs: glyphs, now: now) + [.blank]
        }
        return notice?.lines(width: width) ?? []
    }

    /// Rows under the list: the selected row whole where the list cuts it short, loading, a
    /// failure with `[r]etry`, or that nothing is due.
    func statusLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        var lines = selectedWholeLines(width: width, glyphs: glyphs, now: now)
        if let target = handInTarget, case let .loading(since) = target.assignments.phase {
            lines.append(StatusRows.loading("Loading the course's assignments…", since: since, now: now, glyphs: glyphs))
        }
        switch planner.phase {
        case .idle:
            break
        case let .loading(since):
            lines.append(StatusRows.loading("Loading what is due…", since: since, now: now, glyphs: glyphs, note: planner.note))
        case let .failed(failure):
            lines += StatusRows.failure("Couldn't load what is due: \(failure.message)", width: width, glyphs: glyphs)
        case let .loaded(items):
            lines += refreshLines(width: width, glyphs: glyphs, now: now)
            if items.isEmpty {
                lines += "Nothing due in the next 4 weeks".wrapped(toWidth: width).map { StyledLine($0, style: .muted) }
            }
        }
        return lines
    }

    /// The saved copy's row while one is shown (its age, and why bringing it up to date
    /// failed); else why the last refresh failed, if it did. A refresh under way says nothing.
    private func refreshLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        if let savedAt = planner.savedAt {
            let status = SavedCopyRow.Status(savedAt: savedAt, refreshing: planner.isRefreshing, failure: planner.refreshFailure, note: planner.note)
            return SavedCopyRow.lines(status, now: now, width: width, glyphs: glyphs)
        }
        guard let failure = planner.refreshFailure else { return [] }
        return RefreshFailureRow.lines(failure, at: refreshFailedAt, width: width, glyphs: glyphs)
    }

    /// The selected item's title, course and kind in full, at most two lines, while its row
    /// cuts any of them short or marks its kind with a letter: a narrow pane never hides what
    /// the cursor is on.
    func selectedWholeLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        guard let item = selectedItem,
              DueRow.kindMark(item.kind) != nil
                || DueRow.isCut(item, day: DueDay(of: item, now: now), width: width, glyphs: glyphs, now: now, note: rowNote(for: item))
        else { return [] }
        let course = [item.contextName, item.courseCode].compactMap { $0 }.filter { !$0.isEmpty }
        let about = [course.joined(separator: " · "), DueRow.kindText(item.kind) ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
        let text = Sanitizer.clean(Sanitizer.cut(about.isEmpty ? item.title : "\(item.title) — \(about)"))
        let room = max(1, width - 2)
        let wrapped = text.wrapped(toWidth: room)
        guard let first = wrapped.first else { return [] }
        let rest = wrapped.dropFirst().joined(separator: " ").truncated(toWidth: room, ellipsis: glyphs.ellipsis)
        return [StyledLine("\(glyphs.pointer) " + first, style: Style(role: .accent))] + (rest.isEmpty ? [] : [StyledLine("  " + rest, style: Style(role: .accent))])
    }
}
