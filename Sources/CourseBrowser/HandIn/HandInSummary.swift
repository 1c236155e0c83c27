import CourseKit
import FoundationEssentials

/// What a hand-in will do, said before it is queued: the files, the assignment, the attempt it
/// makes, whether it counts as late and whether it replaces what the teacher sees. The hand-in
/// flow asks it as a question; `coursebrowser submit` prints it, and asks it at a terminal.
package enum HandInSummary {
    /// `Hand in essay.pdf and 2 more to Project Draft — attempt 2, late by 3 h, replaces what the
    /// teacher sees`; each part after the dash only where it applies, or is known.
    package static func text(files: [String], to assignment: Assignment, now: Date) -> String {
        var details: [String] = []
        if let attempt = assignment.nextAttempt {
            details.append("attempt \(attempt)")
        }
        if let due = assignment.dueAt, due < now {
            details.append("late by " + amount(now.timeIntervalSince(due)))
        }
        if assignment.hasSubmission {
            details.append("replaces what the teacher sees")
        }
        let lead = "Hand in \(names(files)) to \(assignment.name)"
        return details.isEmpty ? lead : lead + " — " + details.joined(separator: ", ")
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

    /// A length of time as the due dates say it: `12 min`, `3 h` within two days, else `5 days`.
    static func amount(_ seconds: TimeInterval) -> String {
        // Capped at about three thousand years, so a far date can't become a number too large to hold.
        let seconds = min(max(0, seconds), 1e11)
        if seconds < 3_600 { return "\(max(1, Int(seconds / 60))) min" }
        if seconds < 48 * 3_600 { return "\(Int(seconds / 3_600)) h" }
        return "\(Int(seconds / 86_400)) days"
    }
}
