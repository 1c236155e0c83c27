/// A course's announcements, and telling the backend the student read one.
///
/// Apart from `CourseClient` so that a backend without announcements, and every test of the
/// other sections, needs nothing new.
public struct AnnouncementClient: Sendable {
    /// What a student should see of a course's announcements: the recent ones and any older
    /// ones still unread, newest first.
    public var announcements: @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> [Announcement]
    /// Records that the student read announcement `announcementID` of the course.
    public var markRead: @Sendable (_ courseID: CourseID, _ announcementID: String) async throws -> Void

    public init(
        announcements: @escaping @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> [Announcement],
        markRead: @escaping @Sendable (_ courseID: CourseID, _ announcementID: String) async throws -> Void
    ) {
        self.announcements = announcements
        self.markRead = markRead
    }
}

extension AnnouncementClient {
    /// No announcements anywhere; marking one read does nothing.
    public static let noOp = AnnouncementClient(announcements: { _, _ in [] }, markRead: { _, _ in })

    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = unimplemented(report: { _ in })
}

extension AnnouncementClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> AnnouncementClient {
        AnnouncementClient(
            announcements: { _, _ in throw Unimplemented.reported("AnnouncementClient.announcements", to: report) },
            markRead: { _, _ in throw Unimplemented.reported("AnnouncementClient.markRead", to: report) }
        )
    }
}
