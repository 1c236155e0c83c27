import CourseKit

/// A course-file job handed to the submission transport: a bug, so never retried.
struct NotASubmission: UserFacingError, TransientError {
    var userMessage: String { "This upload is not a submission to an assignment" }
    var isTransient: Bool { false }
    var changedNothing: Bool { true }
}
