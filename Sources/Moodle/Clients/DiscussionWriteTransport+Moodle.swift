import CourseKit
import FoundationEssentials
import HTMLText

extension DiscussionWriteTransport {
    /// Replies in a course's Moodle forums (`mod_forum_add_discussion_post`): a post to the
    /// discussion itself is a reply to its first post. The student's own posts are read back from
    /// the discussion's posts, by their user ID.
    public static func moodle(_ connection: MoodleConnection) -> DiscussionWriteTransport {
        let api = connection.api
        let shared = connection.shared
        return DiscussionWriteTransport(
            ownPosts: { _, reply in
                let me = try await api.userID(shared: shared, background: false)
                return try await api.posts(of: try discussion(of: reply, api: api), newestFirst: true).compactMap { post in
                    guard post.author?.id?.value == me, post.isdeleted != true else { return nil }
                    return DiscussionPostRecord(id: String(post.id.value), text: HTMLText.plainText(post.message ?? ""))
                }
            },
            post: { _, reply in
                let parent: Int
                if let entry = reply.entryID.flatMap(Int.init) {
                    parent = entry
                } else {
                    let posts = try await api.posts(of: try discussion(of: reply, api: api))
                    guard let first = posts.first(where: { $0.parentid == nil }) else { throw MoodleError.unexpectedResponse(host: api.host) }
                    parent = first.id.value
                }
                // Moodle refuses a subject its text cleaning would change, as one with a tag in it.
                let subject = "Re: " + reply.topicTitle.filter { $0 != "<" && $0 != ">" }
                let id = try await api.addPost(replyingTo: parent, subject: subject, messageHTML: HandInText.html(reply.text))
                return String(id)
            }
        )
    }

    /// The Moodle discussion `reply` goes to; one named otherwise was never Moodle's.
    private static func discussion(of reply: UploadJob.DiscussionReply, api: MoodleAPI) throws -> Int {
        guard let id = Int(reply.topicID) else {
            throw MoodleError.exception(host: api.host, code: "invalidrecord", message: "No discussion \(reply.topicID) on this site")
        }
        return id
    }
}
