import CourseKit
import FoundationEssentials
import TerminalUI

/// One planner item as a row of the Due pane: its time, course, title, points and where it
/// stands, the title taking what room the rest leaves.
enum DueRow {
    /// Columns of the time, `23:59` or `all day`; a missing row's day takes more.
    static let timeWidth = 7
    /// Below this width a state shows only its mark (`✓`, `❗`) where it has one.
    static let compactBelow = 40

    /// The row for `item` at `width` columns; a missing item shows its day, as its heading doesn't.
    /// A narrow row leaves out the points, then the course, then the words after a state's mark,
    /// before it cuts the title short.
    /// `note` follows the state: what is on its way for the item (`sending`).
    static func line(for item: PlannerItem, day: DueDay, width: Int, glyphs: Glyphs, now: Date, note: String? = nil) -> StyledLine {
        let time = day == .missing ? DateText.day(item.date, now: now) : timeText(item)
        // The course tells apart rows that are otherwise alike (every course has its "Final
        // Project"), so it stays, shorter, in a pane as narrow as the left column.
        let courseWidth = width >= 46 ? 10 : width >= 32 ? 8 : 0
        var right = [kindText(item.kind)].compactMap { $0.map { StyledLine.Span(text: $0, style: .muted) } }
        if let state = stateSpan(item, glyphs: glyphs, now: now, compact: width < compactBelow) {
            right.append(state)
        }
        if let note {
            right.append(StyledLine.Span(text: note, style: Style(role: .warning)))
        }
        if width >= 56, let points = item.pointsPossible {
            right.insert(StyledLine.Span(text: "\(PointsText.format(points)) pts", style: .muted), at: 0)
        }
        let rightText = right.map(\.text).joined(separator: "  ")
        var spans = [StyledLine.Span(text: time.padded(toWidth: max(timeWidth, time.displayWidth)) + " ", style: .muted)]
        if courseWidth > 0 {
            spans.append(.init(text: fitted(courseText(item), courseWidth, glyphs) + " ", style: .accent))
        }
        let used = spans.map(\.text.displayWidth).reduce(0, +)
        let titleRoom = max(1, width - used - (rightText.isEmpty ? 0 : rightText.displayWidth + 1))
        spans.append(.init(text: fitted(item.title, titleRoom, glyphs), style: .plain))
        for (index, span) in right.enumerated() {
            spans.append(StyledLine.Span(text: (index == 0 ? " " : "  ") + span.text, style: span.style))
        }
        return StyledLine(spans)
    }

    /// `08:00`, or `all day` for an item dated by the day alone.
    static func timeText(_ item: PlannerItem) -> String {
        item.isAllDay ? "all day" : LocalTime(item.date).clockText
    }

    /// The course's code, else its name, else `—` for a note of the student's own.
    static func courseText(_ item: PlannerItem) -> String {
        [item.courseCode, item.contextName].compactMap { $0 }.first { !$0.isEmpty } ?? "—"
    }

    /// What a row that isn't an assignment is, by name; nil for an assignment.
    static func kindText(_ kind: PlannerItem.Kind) -> String? {
        switch kind {
        case .assignment: return nil
        case .quiz: return "quiz"
        case .discussionTopic: return "discussion"
        case .announcement: return "announcement"
        case .calendarEvent: return "event"
        case .plannerNote: return "note"
        case .wikiPage: return "page"
        case .assessmentRequest: return "peer review"
        case let .other(name): return Sanitizer.clean(name.replacing("_", with: " "))
        }
    }

    /// Where the student's part stands: excused, graded, handed in (and whether late), missing,
    /// late or ticked done; `compact` leaves only the mark of those that have one.
    static func stateSpan(_ item: PlannerItem, glyphs: Glyphs, now: Date, compact: Bool = false) -> StyledLine.Span? {
        guard let standing = DueStanding(of: item, now: now) else { return nil }
        func marked(_ mark: String, _ style: Style) -> StyledLine.Span {
            .init(text: compact ? mark : mark + " " + standing.word, style: style)
        }
        switch standing {
        case .excused: return .init(text: standing.word, style: .muted)
        case .missing: return marked(glyphs.failure, .error)
        case .graded, .submitted, .done: return marked(glyphs.check, Style(role: .success))
        case .submittedLate: return marked(glyphs.check, Style(role: .warning))
        case .late: return .init(text: standing.word, style: Style(role: .warning))
        case .extended, .gradeNotReleased: return .init(text: standing.word, style: .muted)
        case .redoRequested: return .init(text: standing.word, style: Style(role: .warning))
        }
    }

    /// `text` cleaned and fitted to exactly `width` columns.
    private static func fitted(_ text: String, _ width: Int, _ glyphs: Glyphs) -> String {
        Sanitizer.clean(Sanitizer.cut(text, limit: width * 8 + 64)).truncated(toWidth: width, ellipsis: glyphs.ellipsis).padded(toWidth: width)
    }
}
