import CourseKit
import Foundation
@testable import Moodle
import Testing

/// A Moodle discussion's posts as the thread the Course pane shows: the replies under the first
/// post, nested as written; unread only where Moodle says so.
struct MoodleThreadTests {
    func posts(_ json: String) throws -> [MoodlePosts.Post] {
        try JSONDecoder().decode(MoodlePosts.self, from: Data(json.utf8)).posts
    }

    @Test func theRepliesNestUnderTheFirstPostAndAnOrphanIsKept() throws {
        let answer = """
        {"posts": [
          {"id": 30911, "message": "<p>Bài 3?</p>", "author": {"id": 31, "fullname": "Trần Thị Bích"}, "parentid": null, "timecreated": 1000, "unread": false},
          {"id": 30912, "message": "<p>Có.</p>", "author": {"id": 21, "fullname": "Nguyễn Văn A"}, "parentid": 30911, "timecreated": 2000, "unread": false},
          {"id": 30913, "message": "<p>Cảm ơn!</p>", "author": {"id": 32}, "parentid": 30912, "timecreated": 3000, "unread": true},
          {"id": 30914, "message": "<p>Riêng tư</p>", "parentid": 99999, "timecreated": 4000, "unread": null, "isdeleted": false},
          {"id": 30915, "message": "<p>Đã xoá</p>", "parentid": 30911, "timecreated": 5000, "isdeleted": true}
        ], "forumid": 309, "courseid": 101, "warnings": []}
        """
        let thread = MoodleThread.entries(try posts(answer))
        #expect(thread.map(\.id) == ["30912", "30914", "30915"], "the first post is the topic's own; a reply whose parent is hidden comes to the top")
        #expect(thread.first?.replies.map(\.id) == ["30913"])
        #expect(thread.first?.replies.first?.isUnread == true && thread.first?.isUnread == false)
        #expect(thread.first?.authorName == "Nguyễn Văn A" && thread.first?.postedAt == Date(timeIntervalSince1970: 2000))
        #expect(thread[1].isUnread == false, "untracked: not known, shown as read")
        #expect(thread[2].isDeleted && thread[2].messageHTML.isEmpty)
        #expect(MoodleThread.entries([]).isEmpty)
    }
}
