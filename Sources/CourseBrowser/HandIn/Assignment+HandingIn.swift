import CourseKit
import FoundationEssentials

extension Assignment {
    /// Whether the student handed something in already, so a new hand-in is what the teacher
    /// sees next; a grade given without a submission (an excused or missing one) is not one.
    var hasSubmission: Bool {
        guard let submission else { return false }
        switch submission.state {
        case .submitted, .pendingReview: return true
        case .unsubmitted, .graded: return submission.submittedAt != nil || (submission.attempt ?? 0) > 0
        }
    }

    /// The attempt a hand-in now goes into: a new one on Canvas, the current one where the
    /// backend says so (Moodle); nil when what was read doesn't say (no submission was read, or
    /// one handed in without its count).
    var nextAttempt: Int? {
        guard let submission else { return nil }
        if let attempt = submission.attemptOfNextHandIn { return attempt }
        if let attempt = submission.attempt { return attempt + 1 }
        return hasSubmission ? nil : 1
    }

    /// Whether a hand-in at `now` is both possible and still to do: it takes files, a text or a
    /// link, is not locked, has opened and not closed, and nothing was handed in or excused.
    func awaitsHandIn(at now: Date) -> Bool {
        guard !handInKinds(takesContent: true).isEmpty, !isLocked, !hasSubmission, submission?.isExcused != true else { return false }
        if let unlockAt, unlockAt > now { return false }
        if let lockAt, lockAt <= now { return false }
        return true
    }
}
