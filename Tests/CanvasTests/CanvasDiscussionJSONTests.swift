import CanvasJSON
import CourseKit
import Foundation
import Testing

/// Discussions as Canvas writes them: the topic list's counts and flags, and the `view`
/// endpoint's tree with the replies too new for it put in their places.
struct CanvasDiscussionJSONTests {
    @Test func aTopicReadsItsCountsAndWhetherItHidesRepliesUntilAPost() throws {
        let json = #"""
        [{"id": 600522, "title": "Reflection post", "message": "<p>Write</p>", "posted_at": "2026-12-04T09:00:00Z",
          "last_reply_at": null, "author": {"display_name": "Grace Hopper"}, "discussion_subentry_count": 2, "unread_count": 2,
          "assignment_id": 500524, "locked": false, "user_can_see_posts": false, "require_initial_post": true,
          "html_url": "https://school.example/courses/52/discussion_topics/600522"},
         {"id": "7", "title": " ", "discussion_subentry_count": -3, "unread_count": 1e300, "locked": true}]
        """#
        let topics = try JSONDecoder().decode([CanvasDiscussionTopic].self, from: Data(json.utf8)).map(\.topic)
        #expect(topics[0].title == "Reflection post" && topics[0].authorName == "Grace Hopper")
        #expect(topics[0].replyCount == 2 && topics[0].unreadCount == 2 && topics[0].assignmentID == "500524")
        #expect(topics[0].repliesHiddenUntilPost && !topics[0].isClosed)
        #expect(topics[1].title == "Discussion 7", "a blank title is named by its ID")
        #expect(topics[1].replyCount == 0 && topics[1].unreadCount == 0, "counts out of reason count as none")
        #expect(topics[1].isClosed && !topics[1].repliesHiddenUntilPost)
    }

    @Test func theThreadIsATreeNamedByItsParticipantsWithNewRepliesUnderTheirParents() throws {
        let json = #"""
        {"unread_entries": [2, 5], "forced_entries": [], "entry_ratings": {},
         "participants": [{"id": 10, "display_name": "Lan"}, {"id": 11, "display_name": "Dr. Chen"}],
         "view": [
           {"id": 1, "user_id": 10, "parent_id": null, "created_at": "2026-12-01T10:00:00Z", "message": "<p>Q?</p>",
            "replies": [{"id": 2, "user_id": 11, "parent_id": 1, "created_at": "2026-12-01T11:00:00Z", "message": "<p>A.</p>"}]},
           {"id": 3, "deleted": true, "parent_id": null, "created_at": "2026-12-01T12:00:00Z", "editor_id": 11}
         ],
         "new_entries": [
           {"id": 2, "user_id": 11, "parent_id": 1, "message": "<p>A.</p>"},
           {"id": 4, "user_id": 10, "parent_id": 2, "created_at": "2026-12-02T09:00:00Z", "message": "<p>Thanks</p>"},
           {"id": 5, "user_id": 99, "parent_id": 77, "message": "<p>Orphan</p>"}
         ]}
        """#
        let entries = try JSONDecoder().decode(CanvasDiscussionView.self, from: Data(json.utf8)).entries
        #expect(entries.map(\.id) == ["1", "3", "5"], "a new reply whose parent isn't in the tree goes last")
        #expect(entries[0].authorName == "Lan" && entries[0].replies.map(\.authorName) == ["Dr. Chen"])
        #expect(entries[0].replies[0].replies.map(\.id) == ["4"], "a new reply goes under its parent, once")
        #expect(entries[0].replies[0].isUnread && !entries[0].isUnread)
        #expect(entries[1].isDeleted && entries[1].messageHTML.isEmpty && entries[1].authorName == nil)
        #expect(entries[2].authorName == nil && entries[2].isUnread)
        #expect(entries.flatMap(\.unreadIDs) == ["2", "5"])
    }
}
