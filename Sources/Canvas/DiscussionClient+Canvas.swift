import CourseKit

extension DiscussionClient {
    /// A course's discussions on Canvas, as `connection` reaches it.
    public static func canvas(_ connection: CanvasConnection) -> DiscussionClient {
        let api = connection.api
        return DiscussionClient(
            topics: { id, progress in try await api.reporting(to: progress).discussions(id) },
            thread: { course, topic in try await api.discussionThread(course: course, topic: topic) },
            markRead: { course, topic, entries in try await api.markDiscussionRead(course: course, topic: topic, entries: entries) }
        )
    }
}
