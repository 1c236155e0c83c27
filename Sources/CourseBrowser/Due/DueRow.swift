import CourseKit
import FoundationEssentials
import TerminalUI

/// One planner item as a row of the Due pane: its time, course, title, points and where it
/// stands, the title taking what room the rest leaves.
enum DueRow {
    /// Columns of the time, `23:59` or `all day`; a missing row's day takes more.
    static let timeWidth = 7
    /// Below this width a state shows only its mark (`✓`, `❗`) where it has one.
    static let compactBelow = 56

    /// The row for `item` at `width` columns; a missing item shows its day, as its heading doesn't.
    /// A narrow row leaves out the points, then the words after a state's mark, and cuts the
    /// course's code and the title short; a kind other than an assignment is one cell before the title.
    /// `note` follows the state: what is on its way for the item (`sending`).
    static func line(for item: PlannerItem, day: DueDay, width: Int, glyphs: Glyphs, now: Date, note: String? = nil) -> StyledLine {
        let parts = parts(of: item, day: day, width: width, glyphs: glyphs, now: now, note: note)
        var spans = parts.left
        spans.append(.init(text: fitted(item.title, parts.titleRoom, glyphs), style: .plain))
        for (index, span) in parts.right.enumerated() {
            spans.append(StyledLine.Span(text: (index == 0 ? " " : "  ") + span.text, style: span.style))
        }
        return StyledLine(spans)
    }

    /// Whether the row at `width` cuts the item's title or its course's code short: then the
    /// pane shows the selected one whole under the list.
    static func isCut(_ item: PlannerItem, day: DueDay, width: Int, glyphs: Glyphs, now: Date, note: String? = nil) -> Bool {
        let parts = parts(of: item, day: day, width: width, glyphs: glyphs, now: now, note: note)
        return Sanitizer.clean(item.title).displayWidth > parts.titleRoom || Sanitizer.clean(courseText(item)).displayWidth > parts.courseWidth
    }

    /// Columns for the course's code: wide enough for most codes where there is room, and kept,
    /// shorter, at every width, as it tells apart rows otherwise alike (every course has its "Final Project").
    static func courseWidth(for width: Int) -> Int {
        width >= 90 ? 14 : width >= 40 ? 10 : width >= 32 ? 8 : 6
    }

    /// The spans left of the title (time, code, kind), those right of it, and the title's room.
    private static func parts(
        of item: PlannerItem, day: DueDay, width: Int, glyphs: Glyphs, now: Date, note: String?
    ) -> (left: [StyledLine.Span], right: [StyledLine.Span], titleRoom: Int, courseWidth: Int) {
        let time = day == .missing ? DateText.day(item.date, now: now) : timeText(item)
        let courseWidth = courseWidth(for: width)
        var right: [StyledLine.Span] = []
        if let state = stateSpan(item, glyphs: glyphs, now: now, compact: width < compactBelow) {
            right.append(state)
        }
        if let note {
            right.append(StyledLine.Span(text: note, style: Style(role: .warning)))
        }
        if width >= 72, let points = item.pointsPossible {
            right.insert(StyledLine.Span(text: "\(PointsText.format(points)) pts", style: .muted), at: 0)
        }
        let rightText = right.map(\.text).joined(separator: "  ")
        let left: [StyledLine.Span] = [
            .init(text: time.padded(toWidth: max(timeWidth, time.displayWidth)) + " ", style: .muted),
            .init(text: fittedCourse(item, width: courseWidth, glyphs: glyphs) + " ", style: .accent),
            .init(text: (kindMark(item.kind) ?? " ") + " ", style: .muted),
        ]
        let used = left.map(\.text.displayWidth).reduce(0, +)
        let titleRoom = max(1, width - used - (rightText.isEmpty ? 0 : rightText.displayWidth + 1))
        return (left, right, titleRoom, courseWidth)
    }

    /// One cell for what a row that isn't an assignment is, the first letter of its name (`Q` a
    /// quiz, `D` a discussion, `A` an announcement, `R` a peer review…); nil for an assignment.
    static func kindMark(_ kind: PlannerItem.Kind) -> String? {
        if case .assessmentRequest = kind { return "R" }
        guard let letter = kindText(kind)?.first.map({ String($0).uppercased() }) else { return nil }
        return letter.displayWidth == 1 ? letter : "·"
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

    /// The course's code fitted to exactly `width` columns, cut from its front where it doesn't
    /// fit (`…T2215`): a department's codes share their start and differ at their end, so the
    /// end tells rows apart. A course named only by its name is cut at its end, as text is.
    static func fittedCourse(_ item: PlannerItem, width: Int, glyphs: Glyphs) -> String {
        guard let code = item.courseCode, !code.isEmpty else { return fitted(courseText(item), width, glyphs) }
        let clean = Sanitizer.clean(Sanitizer.cut(code, limit: width * 8 + 64))
        return clean.truncatedFromFront(toWidth: width, ellipsis: glyphs.ellipsis).padded(toWidth: width)
    }

    /// `text` cleaned and fitted to exactly `width` columns.
    private static func fitted(_ text: String, _ width: Int, _ glyphs: Glyphs) -> String {
        Sanitizer.clean(Sanitizer.cut(text, limit: width * 8 + 64)).truncated(toWidth: width, ellipsis: glyphs.ellipsis).padded(toWidth: width)
    }
}
