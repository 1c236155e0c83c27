import Foundation
import Testing
import CourseKit
import TestSupport

/// Announcements newest first however they came, and a client nobody provided failing loudly.
struct AnnouncementOrderTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func newestFirstUndatedLastTiesByID() {
        let list = [
            Announcement(id: "b", title: "Same time B", postedAt: Self.now - 60),
            Announcement(id: "undated", title: "Undated"),
            Announcement(id: "old", title: "Old", postedAt: Self.now - 86_400),
            Announcement(id: "a", title: "Same time A", postedAt: Self.now - 60),
            Announcement(id: "new", title: "New", postedAt: Self.now),
        ]
        #expect(Announcement.newestFirst(list).map(\.id) == ["new", "a", "b", "old", "undated"])
        #expect(Announcement.newestFirst(list.reversed()).map(\.id) == ["new", "a", "b", "old", "undated"], "whatever order they came in")
    }

    @Test func discussionsGoByTheirLastReplyElseTheirPost() {
        let list = [
            DiscussionTopic(id: "quiet", title: "Posted lately, no reply", postedAt: Self.now - 60),
            DiscussionTopic(id: "undated", title: "Undated"),
            DiscussionTopic(id: "busy", title: "Old, replied to now", postedAt: Self.now - 86_400, lastReplyAt: Self.now),
        ]
        #expect(DiscussionTopic.latestFirst(list).map(\.id) == ["busy", "quiet", "undated"])
    }

    @Test func theDefaultHasNoneAndTakesMarksWhileTheTestOneFailsNamingTheCall() async throws {
        #expect(try await EnvironmentValues().announcements.announcements(CourseID(1), .ignored).isEmpty)
        try await EnvironmentValues().announcements.markRead(CourseID(1), "2")
        let reported = Recorder<String>()
        let environment = EnvironmentValues.unimplemented(report: reported.record)
        await #expect(throws: Unimplemented("AnnouncementClient.markRead")) { try await environment.announcements.markRead(CourseID(1), "2") }
        #expect(reported.values == ["AnnouncementClient.markRead"])
        #expect(environment.savedCopies.announcements(CourseID(1)) == nil)
        #expect(reported.values == ["AnnouncementClient.markRead", "SavedCopyClient.announcements"])
    }
}
