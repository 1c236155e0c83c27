import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// The posts of `user` where `reply` is listed once made, newest first: for a post to the
    /// discussion, its top posts (`GET …/entries`); for a reply, every reply under the thread's
    /// top post (`GET …/entries/:id/replies`, which Canvas lists flat, wherever it put a reply to
    /// a reply). Only the first page of 100 is read: a post just sent is among the newest.
    func ownPosts(course: CourseID, reply: UploadJob.DiscussionReply, user: String) async throws -> [DiscussionPostRecord] {
        let listed = (reply.threadID ?? reply.entryID).map { "/entries/\(Self.pathSegment($0))/replies" } ?? "/entries"
        let address = url(topicPath(course, reply.topicID) + listed, query: [("per_page", "100")])
        let (response, answeredURL) = try await exchange(HTTPRequest(url: address))
        // Canvas hides the posts from one who hasn't posted: then none of them is theirs.
        if Self.wantsInitialPost(response) { return [] }
        try check(response, url: answeredURL, resource: .discussionPost(course, title: reply.topicTitle))
        return try decode([CanvasDiscussionView.Entry].self, from: response, url: answeredURL).compactMap { $0.post(by: user) }
    }

    /// `POST …/entries`, or `…/entries/:id/replies` for a reply, with the words as HTML; sent at
    /// most once: whether to send it again is the engine's call, made after reading back.
    func post(course: CourseID, reply: UploadJob.DiscussionReply) async throws -> String {
        let target = reply.entryID.map { "/entries/\(Self.pathSegment($0))/replies" } ?? "/entries"
        let request = HTTPRequest(
            method: "POST", url: url(topicPath(course, reply.topicID) + target), headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded([("message", HandInText.html(reply.text))]).utf8), isSentAtMostOnce: true
        )
        let (response, answeredURL) = try await exchange(request)
        if Self.wantsInitialPost(response) { throw DiscussionError.replyBeforePost }
        try check(response, url: answeredURL, resource: .discussionPost(course, title: reply.topicTitle))
        guard let made = try? JSONDecoder().decode(CanvasDiscussionView.Entry.self, from: Self.withoutJSONGuard(response.body)) else {
            // The post exists now; an answer that can't be read is read back from the student's posts.
            throw CanvasError.unexpectedResponse(host: host)
        }
        return made.id.text
    }

    /// Whether Canvas answered 403 with the bare string `"require_initial_post"`: the student must
    /// post to the discussion before reading or replying in it.
    static func wantsInitialPost(_ response: HTTPResponse) -> Bool {
        response.status == 403 && String(decoding: response.body.prefix(64), as: UTF8.self).contains("require_initial_post")
    }

    func topicPath(_ course: CourseID, _ topic: String) -> String {
        "/api/v1/courses/\(Self.pathSegment(course))/discussion_topics/\(Self.pathSegment(topic))"
    }
}
