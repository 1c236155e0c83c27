import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// The course's discussions (Canvas leaves announcements out unless asked for them), latest
    /// activity first, read to the last page.
    func discussions(_ id: CourseID) async throws -> [DiscussionTopic] {
        let address = url("/api/v1/courses/\(Self.pathSegment(id))/discussion_topics", query: [("per_page", "100")])
        let topics = try await all(CanvasDiscussionTopic.self, from: address, resource: .discussions(id))
        return DiscussionTopic.latestFirst(topics.filter { $0.is_announcement != true }.map(\.topic))
    }

    /// `GET …/discussion_topics/:id/view?include_new_entries=1`: the thread, with the replies
    /// too new for Canvas's cached tree put in their places. Canvas answers 403 with the bare
    /// string `"require_initial_post"` to a student who must post before reading.
    func discussionThread(course: CourseID, topic: String) async throws -> [DiscussionEntry] {
        let address = url(topicPath(course, topic) + "/view", query: [("include_new_entries", "1")])
        let (response, answeredURL) = try await exchange(HTTPRequest(url: address))
        if Self.wantsInitialPost(response) {
            throw DiscussionError.postFirst
        }
        try check(response, url: answeredURL, resource: .discussion(course, id: topic))
        return try decode(CanvasDiscussionView.self, from: response, url: answeredURL).entries
    }

    /// `PUT …/discussion_topics/:topic/entries/:id/read` for each entry, which Canvas answers 204
    /// and takes again harmlessly, so a failure is simply sent again later.
    func markDiscussionRead(course: CourseID, topic: String, entries: [String]) async throws {
        for entry in entries {
            let request = HTTPRequest(method: "PUT", url: url(topicPath(course, topic) + "/entries/\(Self.pathSegment(entry))/read"), body: Data())
            _ = try await send(request, resource: .discussion(course, id: topic))
        }
    }
}
