import CourseKit

/// Canvas won't show the user a course's Files: the teacher hid Files from students, or the
/// course is closed to them. Waiting won't change it, so it is not retried by itself.
public struct CourseFilesClosed: UserFacingError, TransientError, Equatable {
    public var course: CourseID

    public init(course: CourseID) {
        self.course = course
    }

    public var userMessage: String {
        "Canvas doesn't show you this course's Files: the teacher may have hidden them, or the course is closed to you"
    }

    public var isTransient: Bool { false }

    public var changedNothing: Bool { true }
}
