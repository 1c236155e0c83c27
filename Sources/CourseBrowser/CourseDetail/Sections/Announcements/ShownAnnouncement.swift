import CourseKit
import HTMLText

/// An announcement as the Course pane holds it: its message already turned from HTML into text
/// blocks, once when it arrives rather than at every layout.
struct ShownAnnouncement {
    var announcement: Announcement
    var message: [TextBlock]

    init(_ announcement: Announcement) {
        self.announcement = announcement
        message = HTMLText.blocks(from: announcement.messageHTML)
    }

    /// `announcements` newest first, whatever order the backend gave them in.
    static func list(_ announcements: [Announcement]) -> [ShownAnnouncement] {
        Announcement.newestFirst(announcements).map(ShownAnnouncement.init)
    }
}
