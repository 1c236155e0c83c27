import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `AnnouncementClient.moodle`: the discussions of a course's news forum, read or unread as the
/// student's tracking says (research/4-forum-calendar-files.md §1–§4).
struct MoodleAnnouncementTests {
    let http = MoodleScriptedHTTP()

    var client: AnnouncementClient { .moodle(TestSite.connection(http)) }

    static func forum(id: Int, type: String, name: String, cmid: Int, tracked: Bool) -> String {
        let unread = tracked ? #","unreadpostscount":1"# : ""
        return #"""
        {"id":\#(id),"course":5,"type":"\#(type)","name":"\#(name)","intro":"<p>General news and announcements</p>","introformat":1,
         "introfiles":[],"lang":"","duedate":0,"cutoffdate":0,"assessed":0,"assesstimestart":0,"assesstimefinish":0,"scale":1,
         "grade_forum":0,"grade_forum_notify":0,"maxbytes":0,"maxattachments":1,"forcesubscribe":1,"trackingtype":1,"rsstype":0,
         "rssarticles":0,"timemodified":1756000000,"warnafter":0,"blockafter":0,"blockperiod":0,"completiondiscussions":0,
         "completionreplies":0,"completionposts":0,"cmid":\#(cmid),"numdiscussions":3,"cancreatediscussions":false,
         "lockdiscussionafter":0,"istracked":\#(tracked)\#(unread)}
        """#
    }

    static func discussion(id: Int, post: Int, name: String, created: Int, unread: Int, author: String? = "Trần Thị B") -> String {
        let authorField = author.map { #""\#($0)""# } ?? "null"
        return #"""
        {"id":\#(post),"name":"\#(name)","groupid":-1,"timemodified":\#(created + 60),"usermodified":12,"timestart":0,"timeend":0,
         "discussion":\#(id),"parent":0,"userid":12,"created":\#(created),"modified":\#(created),"mailed":1,"subject":"\#(name)",
         "message":"<p>Read chapter 3 &amp; 4.</p>","messageformat":1,"messagetrust":0,"attachment":"","totalscore":0,"mailnow":0,
         "userfullname":\#(authorField),"usermodifiedfullname":"Trần Thị B","userpictureurl":"https://learn.example.edu/theme/image.php/boost/core/1/u/f1",
         "usermodifiedpictureurl":"https://learn.example.edu/theme/image.php/boost/core/1/u/f1","numreplies":0,"numunread":\#(unread),
         "pinned":false,"locked":false,"starred":false,"canreply":false,"canlock":false,"canfavourite":true}
        """#
    }

    static func discussions(_ items: [String]) -> String {
        #"{"discussions":[\#(items.joined(separator: ","))],"warnings":[]}"#
    }

    func serve(newsTracked: Bool) {
        http.on("mod_forum_get_forums_by_courses", json: "[" + [
            Self.forum(id: 4, type: "general", name: "Questions &amp; answers", cmid: 80, tracked: true),
            Self.forum(id: 3, type: "news", name: "Announcements", cmid: 41, tracked: newsTracked),
        ].joined(separator: ",") + "]")
        http.on("mod_forum_get_forum_discussions", json: Self.discussions([
            Self.discussion(id: 31, post: 301, name: "Exam &amp; review session", created: TestSite.seconds(days: -1), unread: 1),
            Self.discussion(id: 30, post: 300, name: "Room change", created: TestSite.seconds(days: -3), unread: 0, author: nil),
            Self.discussion(id: 20, post: 200, name: "Welcome", created: TestSite.seconds(days: -40), unread: 0),
            Self.discussion(id: 21, post: 210, name: "Old but unread", created: TestSite.seconds(days: -30), unread: 2),
        ]))
    }

    @Test func onlyTheNewsForumsDiscussionsAreAskedNewestFirst() async throws {
        serve(newsTracked: true)
        _ = try await client.announcements(CourseID(5), .ignored)
        let forums = try #require(http.calls("mod_forum_get_forums_by_courses").first)
        #expect(forums.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["courseids[0]=5"])
        let asked = http.calls("mod_forum_get_forum_discussions")
        #expect(asked.count == 1, "the general forum is not read")
        #expect(asked.first?.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["forumid=3", "sortorder=3", "page=0", "perpage=100"])
    }

    @Test func inATrackedForumUnreadPostsMakeAnAnnouncementUnread() async throws {
        serve(newsTracked: true)
        let announcements = try await client.announcements(CourseID(5), .ignored)
        #expect(announcements.map(\.id) == ["31", "30", "21"], "the discussion's ID, not its first post's")
        #expect(announcements.map(\.isRead) == [false, true, false])
        let exam = try #require(announcements.first)
        #expect(exam.title == "Exam & review session")
        #expect(exam.messageHTML == "<p>Read chapter 3 &amp; 4.</p>")
        #expect(exam.postedAt == TestSite.date(days: -1))
        #expect(exam.authorName == "Trần Thị B")
        #expect(exam.htmlURL?.absoluteString == "https://learn.example.edu/mod/forum/discuss.php?d=31")
        #expect(announcements[1].authorName == nil, "a hidden author names nobody")
    }

    @Test func oldReadAnnouncementsAreLeftOutAndOldUnreadOnesKept() async throws {
        serve(newsTracked: true)
        let announcements = try await client.announcements(CourseID(5), .ignored)
        #expect(!announcements.contains { $0.id == "20" }, "read, and older than \(Announcement.recentSpan / 86_400) days")
        #expect(announcements.contains { $0.id == "21" }, "older, but still unread")
    }

    @Test func inAForumTheStudentDoesNotTrackEveryAnnouncementIsRead() async throws {
        serve(newsTracked: false)
        let announcements = try await client.announcements(CourseID(5), .ignored)
        #expect(announcements.allSatisfy { $0.isRead })
        #expect(announcements.map(\.id) == ["31", "30"], "and the old ones are left out")
    }

    @Test func aCourseWithoutANewsForumHasNoAnnouncements() async throws {
        http.on("mod_forum_get_forums_by_courses", json: "[" + Self.forum(id: 4, type: "general", name: "Q", cmid: 80, tracked: true) + "]")
        #expect(try await client.announcements(CourseID(5), .ignored).isEmpty)
        #expect(http.calls("mod_forum_get_forum_discussions").isEmpty)
    }

    @Test func readingOneTellsMoodleTheDiscussionWasViewed() async throws {
        http.on("mod_forum_view_forum_discussion", json: #"{"status":true,"warnings":[]}"#)
        try await client.markRead(CourseID(5), "31")
        let sent = try #require(http.requests.first)
        #expect(sent.function == "mod_forum_view_forum_discussion")
        #expect(sent.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["discussionid=31"])
    }

    @Test func markingARefusedViewFails() async throws {
        http.on("mod_forum_view_forum_discussion", json: wsError("moodle_exception", "noviewdiscussionspermission", "You do not have the required permissions to view discussions in this forum"))
        let error = await thrownError { try await client.markRead(CourseID(5), "31") }
        #expect(error as? MoodleError == .notPermitted(host: TestSite.host, message: "You do not have the required permissions to view discussions in this forum"))
    }
}
