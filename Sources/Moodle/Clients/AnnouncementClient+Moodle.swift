import CourseKit
import FoundationEssentials

extension AnnouncementClient {
    /// A course's announcements on Moodle: the discussions of its news forum, read or unread as the
    /// student's tracking says; opening one (`mod_forum_view_forum_discussion`) marks it read.
    ///
    /// In a forum the student does not track Moodle keeps no unread posts, so every announcement
    /// there counts as read.
    public static func moodle(_ connection: MoodleConnection) -> AnnouncementClient {
        let api = connection.api
        let shared = connection.shared
        let site = connection.siteURL
        let now = connection.clock.now
        return AnnouncementClient(
            announcements: { course, progress in
                let background = progress.urgency == .background
                var announcements: [Announcement] = []
                let forums = try await shared.forums.value(for: course) { try await api.forums(course, background: background) }
                for forum in forums where forum.type == "news" {
                    let tracked = forum.istracked ?? false
                    announcements += try await api.discussions(of: forum.id.value, background: background).map {
                        announcement($0, tracked: tracked, site: site)
                    }
                }
                let recent = now().addingTimeInterval(-Announcement.recentSpan)
                return Announcement.newestFirst(announcements.filter { !$0.isRead || ($0.postedAt.map { $0 >= recent } ?? true) })
            },
            markRead: { _, announcementID in
                guard let discussion = Int(announcementID) else { return }
                try await api.viewDiscussion(discussion)
            }
        )
    }

    private static func announcement(_ discussion: MoodleDiscussions.Discussion, tracked: Bool, site: URL) -> Announcement {
        let id = discussion.discussion.value
        return Announcement(
            id: String(id),
            title: MoodleText.name(discussion.name) ?? MoodleText.name(discussion.subject) ?? "Announcement \(id)",
            messageHTML: discussion.message ?? "",
            postedAt: MoodleTime.date(discussion.created?.value ?? discussion.timemodified?.value),
            authorName: MoodleText.name(discussion.userfullname),
            isRead: !tracked || (discussion.numunread?.value ?? 0) == 0,
            htmlURL: URL(string: site.absoluteString + "/mod/forum/discuss.php?d=\(id)")
        )
    }
}
