import CourseKit
import FoundationEssentials

extension DiscussionClient {
    /// A course's discussions on Moodle: those of its forums that are not its announcements (the
    /// news forum's discussions are those), each discussion a topic with its first post as the
    /// topic's, latest activity first. Opening one (`mod_forum_view_forum_discussion`) marks the
    /// whole discussion read, as Moodle marks nothing finer.
    public static func moodle(_ connection: MoodleConnection) -> DiscussionClient {
        let api = connection.api
        let shared = connection.shared
        let site = connection.siteURL
        return DiscussionClient(
            topics: { course, progress in
                let background = progress.urgency == .background
                let forums = try await shared.forums.value(for: course) { try await api.forums(course, background: background) }
                var topics: [DiscussionTopic] = []
                for forum in forums where forum.type != "news" {
                    let tracked = forum.istracked ?? false
                    topics += try await api.discussions(of: forum.id.value, byLastPost: true, background: background).map {
                        topic($0, tracked: tracked, site: site)
                    }
                }
                return DiscussionTopic.latestFirst(topics)
            },
            thread: { _, topic in
                guard let discussion = Int(topic) else { return [] }
                return MoodleThread.entries(try await api.posts(of: discussion))
            },
            markRead: { _, topic, _ in
                guard let discussion = Int(topic) else { return }
                try await api.viewDiscussion(discussion)
            }
        )
    }

    private static func topic(_ discussion: MoodleDiscussions.Discussion, tracked: Bool, site: URL) -> DiscussionTopic {
        let id = discussion.discussion.value
        return DiscussionTopic(
            id: String(id),
            title: MoodleText.name(discussion.name) ?? MoodleText.name(discussion.subject) ?? "Discussion \(id)",
            messageHTML: discussion.message ?? "",
            authorName: MoodleText.name(discussion.userfullname),
            postedAt: MoodleTime.date(discussion.created?.value),
            lastReplyAt: MoodleTime.date(discussion.timemodified?.value),
            replyCount: discussion.numreplies?.value ?? 0,
            unreadCount: tracked ? discussion.numunread?.value ?? 0 : 0,
            // Locked, past the forum's cut-off, or closed to the student some other way.
            isClosed: discussion.locked == true || discussion.canreply == false,
            htmlURL: URL(string: site.absoluteString + "/mod/forum/discuss.php?d=\(id)")
        )
    }
}
