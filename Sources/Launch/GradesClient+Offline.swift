import CourseKit

extension GradesClient {
    /// Asks nothing of anyone: every call fails as `--offline`, so the Course pane shows the grades saved.
    static let offline = GradesClient(grades: { _, _ in throw OfflineMode() })
}
