import CourseKit
import FoundationEssentials
import TerminalUI

extension AssignmentPicker {
    /// The filter field, the window of matching assignments around the selection, then a problem or how to use it.
    func lines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        var lines = [PromptField.line(label: "Submit to: ", editor: filter, width: width, glyphs: glyphs)]
        let matches = matches
        if matches.isEmpty {
            lines.append(StyledLine("  No assignment matches \"\(filter.text)\"", style: .muted))
        }
        let first = max(0, min(selection - Self.visibleRows / 2, matches.count - Self.visibleRows))
        for index in matches.indices.dropFirst(first).prefix(Self.visibleRows) {
            lines.append(row(matches[index], selected: index == selection, width: width, glyphs: glyphs, now: now))
        }
        if let problem {
            lines += StatusRows.problem(problem, width: width, glyphs: glyphs)
        } else {
            let more = matches.count > Self.visibleRows ? "\(matches.count) assignments · " : ""
            lines.append(StyledLine(more + "type to find · " + Self.bindings.usage(for: glyphs), style: .muted))
        }
        return lines
    }

    private func row(_ assignment: Assignment, selected: Bool, width: Int, glyphs: Glyphs, now: Date) -> StyledLine {
        let marker = selected ? glyphs.pointer + " " : "  "
        let lock = assignment.isLocked ? glyphs.lock + " " : ""
        let detail = " · " + Self.when(assignment, now: now)
        let name = Sanitizer.clean(Sanitizer.cut(assignment.name))
        let room = max(1, width - marker.displayWidth - lock.displayWidth - detail.displayWidth)
        let style: Style = selected ? .selected : (assignment.isLocked ? .muted : .plain)
        return StyledLine([
            .init(text: marker + lock + name.truncated(toWidth: room, ellipsis: glyphs.ellipsis), style: style),
            .init(text: detail, style: selected ? .selected : .muted),
        ])
    }

    /// When it can be handed in: `locked`, `opens in 5 h`, or when it is due, with when it
    /// locks if that is within two days (`due in 1 h · locks in 3 h`).
    private static func when(_ assignment: Assignment, now: Date) -> String {
        if let unlockAt = assignment.unlockAt, unlockAt > now { return DateText.opens(unlockAt, now: now) }
        if assignment.isLocked { return "locked" }
        let due = assignment.dueAt.map { DateText.due($0, now: now) } ?? "no due date"
        guard let lockAt = assignment.lockAt, lockAt.timeIntervalSince(now) < 48 * 3_600 else { return due }
        return due + " · " + DateText.locks(lockAt, now: now)
    }
}
