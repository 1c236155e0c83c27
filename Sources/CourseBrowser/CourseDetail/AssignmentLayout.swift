import CourseKit
import FoundationEssentials
import TerminalUI
import TextBasics

/// Lays out a course's assignments: soonest due first, undated last, each its name and
/// then when it is due, its points and where the user's submission stands.
enum AssignmentLayout {
    static func lines(for assignments: [Assignment], width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        guard !assignments.isEmpty else {
            return [.text(StyledLine("This course has no assignments.", style: .muted))]
        }
        return sorted(assignments).flatMap { assignment in
            lines(for: assignment, width: width, now: now, glyphs: glyphs).map { DetailLine.item($0, DetailItem(assignment)) }
        }
    }

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
        let facts = [due(assignment, now: now), points(assignment)].compactMap { $0 }.joined(separator: " · ")
        let standing = standing(assignment)
        let detail = [facts, standing.text].filter { !$0.isEmpty }.joined(separator: " · ")
        lines += ("    " + detail).wrapped(toWidth: width).map { StyledLine($0, style: standing.style) }
        if let explanation = assignment.lockExplanation {
            lines += DetailText.lockExplanation(explanation, indent: 4, width: width)
        }
        return lines
    }

    private static func due(_ assignment: Assignment, now: Date) -> String? {
        assignment.dueAt.map { DateText.due($0, now: now) } ?? "no due date"
    }

    private static func points(_ assignment: Assignment) -> String? {
        assignment.pointsPossible.map { "\(number($0)) pts" }
    }

    /// Where the user's submission stands, and how to colour the line saying so.
    static func standing(_ assignment: Assignment) -> (text: String, style: Style) {
        guard let submission = assignment.submission else { return ("", .muted) }
        if submission.isExcused { return ("excused", .muted) }
        switch submission.state {
        case .graded:
            if let score = submission.score, let points = assignment.pointsPossible {
                return ("graded \(number(score))/\(number(points))", Style(role: .success))
            }
            return ("graded" + (submission.grade.map { " \($0)" } ?? ""), Style(role: .success))
        case .submitted, .pendingReview:
            let attempt = submission.attempt.flatMap { $0 > 1 ? " (attempt \($0))" : nil } ?? ""
            return (submission.isLate ? "submitted late" + attempt : "submitted" + attempt, Style(role: submission.isLate ? .warning : .success))
        case .unsubmitted:
            return submission.isMissing ? ("missing", Style(role: .error)) : ("not submitted", .muted)
        }
    }

    /// `10`, `7.5`: points without a needless `.0`.
    private static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : value.printfFormatted("%g")
    }
}
