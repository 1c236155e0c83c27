import CourseKit
import FoundationEssentials

/// What to tell a student before a hand-in that may not end as they expect: it will count
/// as late, or the assignment may lock before the queue can send it. The prompt and
/// `coursebrowser submit` say the same words.
package enum HandInWarning {
    /// Each warning for handing in to `assignment` at `now`, most pressing first; `isFresh`
    /// says whether the assignment was read from the backend just now, `lms` names the backend.
    package static func messages(for assignment: Assignment, now: Date, isFresh: Bool, lms: String = BackendCapabilities.canvas.lmsName) -> [String] {
        var messages: [String] = []
        if assignment.isLocked, !isFresh {
            // Refused only when read just now (`uploadRefusal`): this lock may have lifted since.
            let reason = assignment.lockExplanation.map { " (\($0))" } ?? ""
            messages.append("\(assignment.name) was locked when last read\(reason); \(lms) could not be asked just now, and refuses the hand-in if it still is")
        }
        if let risk = assignment.lockRisk(at: now, isFresh: isFresh) {
            messages.append(lock(risk, name: assignment.name, now: now, lms: lms))
        }
        if assignment.isPastDue(at: now), let due = assignment.dueAt {
            messages.append("\(assignment.name) \(DateText.due(due, now: now)): this submission will be marked late")
        }
        return messages
    }

    private static func lock(_ risk: Assignment.LockRisk, name: String, now: Date, lms: String) -> String {
        let when = DateText.locks(risk.lockAt, now: now)
        switch risk {
        case .lockedAlready:
            return "\(name) \(when), though it was open when last read: \(lms) will likely refuse this hand-in"
        case .locksBeforeReachable:
            return "\(name) \(when), and \(lms) could not be asked just now: the hand-in goes when the network allows, and is refused if that is after it locks"
        case .locksSoon:
            return "\(name) \(when): the upload may not finish first, and \(lms) refuses a hand-in once it locks"
        }
    }
}
