import CourseKit

/// `--offline`: nothing is asked of Canvas, so what was never saved can't be shown.
public struct OfflineMode: UserFacingError, TransientError, Equatable {
    public var userMessage: String { "Not saved on this machine yet; start without --offline to load it" }
    /// Waiting won't bring anything: nothing is asked while `--offline` is on.
    public var isTransient: Bool { false }
    public var meansOffline: Bool { true }
    public var changedNothing: Bool { true }
}

extension CourseClient {
    /// Asks nothing of anyone: every call fails as `--offline`, and panes show what was saved.
    static let offline = CourseClient(
        coursesPage: { _, _, _ in throw OfflineMode() },
        course: { _, _ in throw OfflineMode() },
        syllabus: { _, _ in throw OfflineMode() },
        modules: { _, _ in throw OfflineMode() },
        assignments: { _, _ in throw OfflineMode() }
    )
}
