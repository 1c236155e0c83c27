import CourseKit
import FoundationEssentials

/// A Canvas announcement, a discussion topic as `GET /api/v1/announcements` and
/// `GET /courses/:id/discussion_topics?only_announcements=true` list it.
///
/// `read_state` (`read` or `unread`) is the requesting user's own. `author` is null for an
/// anonymous topic. `message` is HTML.
package struct CanvasAnnouncement: Decodable, Sendable {
    package struct Author: Decodable, Sendable {
        package var display_name: String?
    }

    package var id: CanvasID
    package var title: String?
    package var message: String?
    package var posted_at: String?
    package var delayed_post_at: String?
    package var read_state: String?
    package var author: Author?
    package var html_url: String?
    /// The file posted with it: an empty list, or one file, as Canvas's topic JSON gives it.
    package var attachments: [CanvasFile]?
    /// Only in catalog files: when it was posted counted back from the moment the catalog is
    /// read, in days (`1.5` is a day and a half ago); it wins over `posted_at`.
    package var posted_days_ago: CanvasNumber?

    /// Seconds before the catalog's reading it was posted; nil where only `posted_at` says when.
    package var postedAge: TimeInterval? {
        posted_days_ago.map { $0.value * 86_400 }
    }

    package var announcement: Announcement {
        Announcement(
            id: id.text,
            title: title.flatMap(\.nonBlank) ?? "Announcement \(id.text)",
            messageHTML: message ?? "",
            // A delayed post counts from when it went out, as Canvas orders them.
            postedAt: (posted_at ?? delayed_post_at).flatMap(CanvasDate.parse),
            authorName: author?.display_name.flatMap(\.nonBlank),
            // Anything but `unread` is read: Canvas writes only these two.
            isRead: read_state != "unread",
            htmlURL: html_url.flatMap(CanvasWebURL.parse),
            attachments: attachments.map { $0.map(\.file) }
        )
    }
}
