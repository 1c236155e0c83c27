import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI
import TextBasics

/// Lays out a course's assignments: by due date, earliest first (so what is overdue leads), undated last, each its name,
/// then when it is due, its points and where the user's submission stands, then what changed since the user last looked.
enum AssignmentLayout {
    static func lines(
        for assignments: [Assignment], width: Int, now: Date, glyphs: Glyphs, changes: [String: AssignmentChange] = [:]
    ) -> [DetailLine] {
        guard !assignments.isEmpty else {
            return [.text(StyledLine("This course has no assignments.", style: .muted))]
        }
        return sorted(assignments).flatMap { assignment in
            let item = DetailItem(assignment)
            let lines = lines(for: assignment, width: width, now: now, glyphs: glyphs)
                + changeLines(changes[assignment.id], width: width, now: now, glyphs: glyphs)
                + FeedbackLayout.rubricLines(for: assignment, width: width)
            return lines.map { DetailLine.item($0, item) } + FeedbackLayout.commentLines(for: assignment, item: item, width: width, now: now)
        }
    }

    /// The most of a teacher's feedback shown under an assignment, in characters.
    static let feedbackShown = 400

    /// By due date, undated last; ties by name.
    static func sorted(_ assignments: [Assignment]) -> [Assignment] {
        assignments.sorted { lhs, rhs in
            switch (lhs.dueAt, rhs.dueAt) {
            case let (left?, right?) where left != right: return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs.name.standardCompare(rhs.name) == .orderedAscending
            }
        }
    }

    private static func lines(for assignment: Assignment, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        let marker = assignment.isLocked ? glyphs.lock + " " : ""
        var lines = DetailText.wrap(marker + assignment.name, width: width, style: assignment.isLocked ? .muted : .plain)
        let facts = [due(assignment, now: now), lock(assignment, now: now), points(assignment)].compactMap { $0 }.joined(separator: " · ")
        let standing = AssignmentStanding(assignment)
        let detail = [facts, standing.text].filter { !$0.isEmpty }.joined(separator: " · ")
        lines += indented(detail, width: width).map { StyledLine($0, style: standing.style) }
        if let explanation = assignment.lockExplanation {
            lines += DetailText.lockExplanation(explanation, indent: 4, width: width)
        }
        // What the teacher wrote back, its start: the whole is on the web page `o` opens.
        if let feedback = assignment.submission?.feedbackHTML.map(HTMLText.plainText), !feedback.isEmpty {
            let shown = Sanitizer.clean(Sanitizer.cut(feedback, limit: Self.feedbackShown))
            lines += indented("Feedback: " + shown, width: width).map { StyledLine($0, style: .muted) }
        }
        return lines
    }

    /// `● new`, `● due date moved: Thu 3 Dec → Mon 7 Dec`, `● new grade`, under the assignment it is about.
    private static func changeLines(_ change: AssignmentChange?, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        guard let change, !change.isEmpty else { return [] }
        var parts: [String] = []
        if change.isNew { parts.append("new") }
        if let move = change.dueDateMove { parts.append(moved(move, now: now)) }
        if change.hasNewGrade { parts.append("new grade") }
        if change.hasNewFeedback { parts.append("new feedback") }
        let text = glyphs.changed + " " + parts.joined(separator: " · ")
        return indented(text, width: width).map { StyledLine($0, style: Style(bold: true, role: .accent)) }
    }

    /// `text` wrapped under the assignment's name, every line of it indented, so a narrow pane
    /// still shows whose facts they are.
    private static func indented(_ text: String, width: Int) -> [String] {
        let indent = "    "
        return text.wrapped(toWidth: max(1, width - indent.count)).map { indent + $0 }
    }

    /// From which due date to which; with the times when the day stayed the same.
    private static func moved(_ move: AssignmentChange.DueDateMove, now: Date) -> String {
        switch (move.from, move.to) {
        case let (from?, to?):
            let sameDay = DateText.day(from, now: now) == DateText.day(to, now: now)
            let text = sameDay ? { DateText.short($0, now: now) } : { DateText.day($0, now: now) }
            return "due date moved: \(text(from)) → \(text(to))"
        case let (nil, to?): return "due date set: " + DateText.day(to, now: now)
        case let (from?, nil): return "due date removed, was " + DateText.day(from, now: now)
        case (nil, nil): return "due date moved"
        }
    }

    private static func due(_ assignment: Assignment, now: Date) -> String? {
        assignment.dueAt.map { DateText.due($0, now: now) } ?? "no due date"
    }

    /// When it opens, while it waits for that; else when it locks, while it is open: `opens in 5 h`,
    /// `locks in 2 h`, or `locked 1 h ago` when what was read still has it open past its lock.
    private static func lock(_ assignment: Assignment, now: Date) -> String? {
        if let unlockAt = assignment.unlockAt, unlockAt > now {
            return DateText.opens(unlockAt, now: now)
        }
        guard !assignment.isLocked, let lockAt = assignment.lockAt else { return nil }
        return DateText.locks(lockAt, now: now)
    }

    private static func points(_ assignment: Assignment) -> String? {
        if assignment.gradingType == .notGraded { return "not graded" }
        return assignment.pointsPossible.map { "\(PointsText.format($0)) pts" }
    }
}
