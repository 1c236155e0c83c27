import CourseKit

extension DiscussionClient {
    /// Asks nothing of anyone: every call fails as `--offline`, so the Course pane says why it
    /// shows no discussions, and nothing is marked read.
    static let offline = DiscussionClient(
        topics: { _, _ in throw OfflineMode() }, thread: { _, _ in throw OfflineMode() }, markRead: { _, _, _ in throw OfflineMode() }
    )
}
