import CourseKit
import FoundationEssentials

/// A Canvas discussion topic as `GET /api/v1/courses/:id/discussion_topics` lists it
/// (`discussion_topic_api_json`): `unread_count` and `read_state` are the requesting user's
/// own; `user_can_see_posts` is false while a topic that requires an initial post has none of theirs.
package struct CanvasDiscussionTopic: Decodable, Sendable {
    package var id: CanvasID
    package var title: String?
    package var message: String?
    package var posted_at: String?
    package var last_reply_at: String?
    package var author: CanvasAnnouncement.Author?
    package var user_name: String?
    package var discussion_subentry_count: CanvasNumber?
    package var unread_count: CanvasNumber?
    package var assignment_id: CanvasID?
    /// Closed for comments.
    package var locked: Bool?
    package var user_can_see_posts: Bool?
    package var is_announcement: Bool?
    package var html_url: String?

    package var topic: DiscussionTopic {
        DiscussionTopic(
            id: id.text,
            title: title.flatMap(\.nonBlank) ?? "Discussion \(id.text)",
            messageHTML: message ?? "",
            authorName: (author?.display_name ?? user_name).flatMap(\.nonBlank),
            postedAt: posted_at.flatMap(CanvasDate.parse),
            lastReplyAt: last_reply_at.flatMap(CanvasDate.parse),
            replyCount: Self.count(discussion_subentry_count),
            unreadCount: Self.count(unread_count),
            assignmentID: assignment_id?.text,
            isClosed: locked ?? false,
            repliesHiddenUntilPost: user_can_see_posts == false,
            htmlURL: html_url.flatMap(CanvasWebURL.parse)
        )
    }

    /// A count as a whole number, none where it is missing, negative or absurd.
    private static func count(_ number: CanvasNumber?) -> Int {
        guard let value = number?.value, value.isFinite, value > 0, value < 1e9 else { return 0 }
        return Int(value)
    }
}
