import CourseKit

extension AnnouncementClient {
    /// A course's announcements on Canvas, as `connection` reaches it.
    public static func canvas(_ connection: CanvasConnection) -> AnnouncementClient {
        canvas(connection.api)
    }

    static func canvas(_ api: CanvasAPI) -> AnnouncementClient {
        AnnouncementClient(
            announcements: { id, progress in try await api.reporting(to: progress).announcements(id) },
            markRead: { course, announcement in try await api.markAnnouncementRead(course: course, announcement: announcement) }
        )
    }
}
