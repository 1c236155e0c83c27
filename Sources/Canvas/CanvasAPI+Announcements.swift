import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// The course's announcements of the last `Announcement.recentSpan`, and older ones the user has
    /// not read, newest first, each read to its last page.
    ///
    /// Two listings, as neither does both: the announcements API takes a date range but can't
    /// filter by read state, and the course's discussion topics filter by it
    /// (`filter_by=unread`) but take no dates. Both give the user's own `read_state`.
    func announcements(_ id: CourseID) async throws -> [Announcement] {
        let resource = CanvasResource.announcements(id)
        let now = clock.now()
        let recent = try await all(CanvasAnnouncement.self, from: recentAnnouncementsURL(id, now: now), resource: resource)
            .filter { ($0.announcement.postedAt ?? now) >= now.addingTimeInterval(-Announcement.recentSpan) }
        let unread = try await all(CanvasAnnouncement.self, from: unreadAnnouncementsURL(id), resource: resource)
        var seen: Set<String> = []
        let merged = (recent + unread).map(\.announcement).filter { seen.insert($0.id).inserted }
        return Announcement.newestFirst(merged)
    }

    /// `GET /api/v1/announcements` for the course, posted from `Announcement.recentSpan` ago up to a
    /// day past `now` (Canvas's own end is 28 days after the start, which a clock ahead of
    /// Canvas's need not meet), a hundred to a page.
    ///
    /// The range is widened to whole UTC days, so every load on one day asks the same address
    /// and Canvas can answer "unchanged" (304); the caller leaves out what is older.
    func recentAnnouncementsURL(_ id: CourseID, now: Date) -> URL {
        let query = [
            ("context_codes[]", "course_" + id.rawValue),
            ("start_date", Self.timestamp(Self.dayStart(now.addingTimeInterval(-Announcement.recentSpan)))),
            ("end_date", Self.timestamp(Self.dayEnd(now.addingTimeInterval(86_400)))),
            ("per_page", "100"),
        ]
        return url("/api/v1/announcements", query: query)
    }

    /// `GET /api/v1/courses/:id/discussion_topics`: the course's announcements the user has not read, newest first.
    func unreadAnnouncementsURL(_ id: CourseID) -> URL {
        let query = [("only_announcements", "true"), ("filter_by", "unread"), ("per_page", "100")]
        return url("/api/v1/courses/\(Self.pathSegment(id))/discussion_topics", query: query)
    }

    /// `PUT /api/v1/courses/:id/discussion_topics/:topic_id/read`, which Canvas answers 204.
    ///
    /// Sent with an empty body, so it carries `Content-Length: 0` as Canvas's documentation asks.
    /// Marking read twice is harmless, so it may be sent again after any failure.
    func markAnnouncementRead(course: CourseID, announcement: String) async throws {
        let path = "/api/v1/courses/\(Self.pathSegment(course))/discussion_topics/\(Self.pathSegment(announcement))/read"
        let request = HTTPRequest(method: "PUT", url: url(path), body: Data())
        _ = try await send(request, resource: .announcement(course, id: announcement))
    }
}
