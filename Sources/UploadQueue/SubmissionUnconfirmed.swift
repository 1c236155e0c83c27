import CourseKit
import FoundationEssentials

/// A submission was sent and its attempt is not there yet: the server may still be making it,
/// so it is read again later rather than sent a second time.
struct SubmissionUnconfirmed: UserFacingError, TransientError {
    var retryAfter: TimeInterval?
    /// What was sent, as the message names it.
    var what = "the submission"

    var userMessage: String { "Checking whether \(what) sent earlier arrived" }
    var isTransient: Bool { true }
}
