import CourseKit
import FoundationEssentials

/// What a hand-in will do, said before it is queued: the files, the assignment, the attempt it
/// makes, whether it counts as late and whether it replaces what the teacher sees. The hand-in
/// flow asks it as a question; `coursebrowser submit` prints it, and asks it at a terminal.
package enum HandInSummary {
    /// `Hand in essay.pdf and 2 more to Project Draft — attempt 2, late by 3 h, replaces what the
    /// teacher sees`; each part after the dash only where it applies, or is known, and the
    /// assignment's submission statement last, where it has one, as what the student accepts.
    package static func text(files: [String], to assignment: Assignment, now: Date) -> String {
        var details: [String] = []
        if let attempt = assignment.nextAttempt {
            details.append("attempt \(attempt)")
        }
        if let due = assignment.dueAt, due < now {
            details.append("late by " + DateText.amount(now.timeIntervalSince(due)))
        }
        if assignment.hasSubmission {
            details.append("replaces what the teacher sees")
        }
        let lead = "Hand in \(names(files)) to \(assignment.name)"
        let text = details.isEmpty ? lead : lead + " — " + details.joined(separator: ", ")
        // Saying yes accepts it: the site asks every student to before it takes the work.
        return assignment.submissionStatement.map { text + ", and accept its statement “\($0)”" } ?? text
    }

    /// The summary as the question the flow asks before queueing: `…? y/n`.
    package static func question(files: [String], to assignment: Assignment, now: Date) -> String {
        text(files: files, to: assignment, now: now) + "? y/n"
    }

    /// `essay.pdf`, `essay.pdf and 2 more`.
    static func names(_ files: [String]) -> String {
        guard let first = files.first else { return "no files" }
        return files.count == 1 ? first : "\(first) and \(files.count - 1) more"
    }
}
