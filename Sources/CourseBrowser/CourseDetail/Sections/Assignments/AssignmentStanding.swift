import CourseKit
import FoundationEssentials
import TerminalUI

/// Where the user's submission to an assignment stands, read as its grading type says, and
/// how to colour the line that says so.
package struct AssignmentStanding: Equatable {
    package var text: String
    package var style: Style

    init(text: String, style: Style) {
        self.text = text
        self.style = style
    }

    package init(_ assignment: Assignment) {
        guard let submission = assignment.submission else {
            self.init(text: "", style: .muted)
            return
        }
        let grade = Self.grade(of: submission, in: assignment)
        if submission.isExcused {
            self.init(text: "excused", style: .muted)
        } else if submission.isRedoRequested {
            // Whatever was handed in or graded, the teacher wants it again.
            self.init(text: ["redo requested", grade].compactMap { $0 }.joined(separator: " · "), style: Style(role: .warning))
        } else if submission.isExtended, submission.state == .unsubmitted {
            self.init(text: "extended, not submitted", style: .muted)
        } else if submission.isMissing {
            self = Self.missing(submission, grade: grade)
        } else {
            switch submission.state {
            case .graded:
                self = Self.graded(submission, grade: grade, passFail: assignment.gradingType == .passFail)
            case .submitted, .pendingReview:
                self = Self.handedIn(submission)
            case .unsubmitted:
                // Work on paper, in another tool, or not graded owes nothing here.
                self.init(text: assignment.expectsSubmission ? "not submitted" : Self.handedInElsewhere(assignment), style: .muted)
            }
        }
    }

    /// Canvas's missing-submission policy may have given it a score already: `missing · 0/10`.
    private static func missing(_ submission: Assignment.Submission, grade: String?) -> AssignmentStanding {
        let detail = grade ?? (submission.isGradeHidden ? "grade not released yet" : nil)
        return AssignmentStanding(text: ["missing", detail].compactMap { $0 }.joined(separator: " · "), style: Style(role: .error))
    }

    private static func handedIn(_ submission: Assignment.Submission) -> AssignmentStanding {
        let attempt = submission.attempt.flatMap { $0 > 1 ? " (attempt \($0))" : nil } ?? ""
        let text = (submission.isLate ? "submitted late" : "submitted") + attempt
        return AssignmentStanding(text: text, style: Style(role: submission.isLate ? .warning : .success))
    }

    private static func graded(_ submission: Assignment.Submission, grade: String?, passFail: Bool) -> AssignmentStanding {
        if submission.isGradeHidden {
            return AssignmentStanding(text: "graded, grade not released yet", style: .muted)
        }
        if passFail, let grade {
            return AssignmentStanding(text: grade, style: Style(role: grade == "incomplete" ? .warning : .success))
        }
        return AssignmentStanding(text: "graded" + (grade.map { " " + $0 } ?? ""), style: Style(role: .success))
    }

    /// Where an assignment with nothing to hand in through Canvas is done, if anywhere.
    private static func handedInElsewhere(_ assignment: Assignment) -> String {
        if assignment.submissionTypes.contains("on_paper") { return "on paper" }
        if assignment.submissionTypes.contains("external_tool") { return "in an external tool" }
        return ""
    }

    /// The grade as its grading type writes it: `17/20`, `85%`, `B+ (87/100)`, `complete`;
    /// nil when there is neither a score nor a grade to show.
    static func grade(of submission: Assignment.Submission, in assignment: Assignment) -> String? {
        let score = submission.score.map { score in
            PointsText.format(score) + (assignment.pointsPossible.map { "/" + PointsText.format($0) } ?? "")
        }
        let grade = submission.grade.map { Sanitizer.clean(Sanitizer.cut($0)) }
        switch assignment.gradingType ?? .points {
        case .points, .notGraded:
            return score ?? grade
        case .percent:
            return grade ?? percentage(submission.score, of: assignment.pointsPossible) ?? score
        case .letterGrade, .gpaScale:
            guard let grade else { return score }
            return score.map { "\(grade) (\($0))" } ?? grade
        case .passFail:
            return grade.map(passFailWord) ?? score
        }
    }

    /// `85%` of `points`, when both are known and the share is a number.
    private static func percentage(_ score: Double?, of points: Double?) -> String? {
        guard let score, let points, points > 0 else { return nil }
        let share = score / points * 100
        return share.isFinite ? PointsText.format(share) + "%" : nil
    }

    /// Canvas stores a pass/fail grade as `complete` or `incomplete`; `pass` and `fail` are its other spellings.
    private static func passFailWord(_ grade: String) -> String {
        switch grade.lowercased() {
        case "complete", "pass": return "complete"
        case "incomplete", "fail": return "incomplete"
        default: return grade
        }
    }
}
