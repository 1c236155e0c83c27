import CourseKit
import FoundationEssentials
import Synchronization

extension AnnouncementClient {
    /// Serves the announcements of the catalog index `load` gives, as Canvas chooses them: the
    /// last two weeks' and older unread ones, newest first; relative dates count back from the
    /// moment a reading of the catalog was first used.
    ///
    /// A catalog is read-only: what is marked read is remembered here, for as long as the
    /// process runs, and never fails.
    public static func catalog(now: @escaping @Sendable () -> Date, index load: @escaping @Sendable () throws -> CatalogIndex) -> AnnouncementClient {
        let marked = Mutex<Set<MarkedAnnouncement>>([])
        let anchor = CatalogAnchor(now: now)
        return AnnouncementClient(
            announcements: { id, _ in
                let moment = now()
                let read = marked.withLock { $0 }
                let index = try load()
                let shown = try index.announcements(id, at: anchor.moment(for: index)).map { announcement in
                    var seen = announcement
                    seen.isRead = seen.isRead || read.contains(MarkedAnnouncement(course: id, id: announcement.id))
                    return seen
                }
                return Announcement.newestFirst(shown.filter { $0.isShown(at: moment) })
            },
            markRead: { course, announcement in
                _ = marked.withLock { $0.insert(MarkedAnnouncement(course: course, id: announcement)) }
            }
        )
    }
}

extension Announcement {
    /// Whether a backend that lists as Canvas does shows it at `now`: posted in the last two
    /// weeks (or undated), or older and not read yet; never one posted in the future.
    func isShown(at now: Date) -> Bool {
        guard let postedAt else { return true }
        if postedAt > now { return false }
        return !isRead || postedAt >= now.addingTimeInterval(-Self.recentSpan)
    }
}
