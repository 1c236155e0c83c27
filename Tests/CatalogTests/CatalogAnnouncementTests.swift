import Foundation
import Testing
@testable import Catalog
import CourseKit
import TestSupport

/// A catalog course's `announcements`: read when the course is opened, dated from the reading
/// with `posted_days_ago`, chosen as Canvas chooses them, and marked read in memory.
struct CatalogAnnouncementTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let json = #"""
        {"courses": [{"id": 1, "name": "Biology", "announcements": [
          {"id": 10, "title": "Lab moved", "message": "<p>Room <em>3</em></p>", "posted_days_ago": 0.5, "read_state": "unread",
           "author": {"display_name": "Dr. Lee"}, "html_url": "https://school.example/courses/1/discussion_topics/10"},
          {"id": 11, "title": "Slides", "posted_days_ago": 3, "read_state": "read"},
          {"id": 12, "title": "Old but unread", "posted_days_ago": 40, "read_state": "unread"},
          {"id": 13, "title": "Old and read", "posted_days_ago": 40, "read_state": "read"},
          {"id": 14, "title": "Dated", "posted_at": "2027-01-14T08:00:00Z", "read_state": "unread"},
          {"id": 15, "title": "Not posted yet", "posted_days_ago": -2, "read_state": "unread"}]},
         {"id": 2, "name": "Chemistry"}]}
        """#

    func index() throws -> CatalogIndex {
        try CatalogIndex(Data(Self.json.utf8), source: "test.json")
    }

    @Test func anIndexReadsThemWithTheirDatesCountedBackFromTheReading() throws {
        let announcements = try index().announcements(CourseID(1), at: Self.now)
        #expect(announcements.map(\.id) == ["10", "11", "12", "13", "14", "15"])
        #expect(announcements.map(\.postedAt) == [
            Self.now - 43_200, Self.now - 3 * 86_400, Self.now - 40 * 86_400, Self.now - 40 * 86_400,
            Date(timeIntervalSince1970: 1_799_913_600), Self.now + 2 * 86_400,
        ])
        let first = try #require(announcements.first)
        #expect(first == Announcement(
            id: "10", title: "Lab moved", messageHTML: "<p>Room <em>3</em></p>", postedAt: Self.now - 43_200, authorName: "Dr. Lee",
            isRead: false, htmlURL: URL(string: "https://school.example/courses/1/discussion_topics/10")
        ))
        #expect(try index().announcements(CourseID(2), at: Self.now).isEmpty, "a course without the field has none")
    }

    @Test func theWholeDocumentReaderReadsThemToo() throws {
        let whole = try CatalogIndex(wholeDocument: Data(Self.json.utf8), source: "test.json", shift: 0)
        #expect(try whole.announcements(CourseID(1), at: Self.now) == index().announcements(CourseID(1), at: Self.now))
    }

    @Test func theClientShowsTheLastTwoWeeksAndOlderUnreadNewestFirst() async throws {
        let index = try index()
        let client = AnnouncementClient.catalog(now: { Self.now }, index: { index })
        let shown = try await client.announcements(CourseID(1), .ignored)
        #expect(shown.map(\.title) == ["Lab moved", "Dated", "Slides", "Old but unread"])
    }

    @Test func markingOneReadIsKeptInMemoryForThatCourseOnly() async throws {
        let index = try index()
        let client = AnnouncementClient.catalog(now: { Self.now }, index: { index })
        try await client.markRead(CourseID(1), "10")
        try await client.markRead(CourseID(1), "12")
        try await client.markRead(CourseID(2), "11")
        try await client.markRead(CourseID(9), "1")
        let shown = try await client.announcements(CourseID(1), .ignored)
        #expect(shown.map(\.title) == ["Lab moved", "Dated", "Slides"], "an old one read is no longer shown")
        #expect(shown.map(\.isRead) == [true, false, true])
        let fresh = AnnouncementClient.catalog(now: { Self.now }, index: { index })
        #expect(try await fresh.announcements(CourseID(1), .ignored).first?.isRead == false, "the file itself is never changed")
    }

    @Test func oneThatCannotBeReadIsAnErrorNamingIt() throws {
        let json = #"{"courses": [{"id": 1, "name": "Biology", "announcements": [{"title": "No ID"}]}]}"#
        let index = try CatalogIndex(Data(json.utf8), source: "bad.json")
        #expect(throws: CatalogError.self) { try index.announcements(CourseID(1), at: Self.now) }
        do {
            _ = try index.announcements(CourseID(1), at: Self.now)
        } catch {
            #expect(userMessage(for: error).contains("courses[0].announcements[0]"), "\(userMessage(for: error))")
        }
        #expect(try index.course(CourseID(1)).name == "Biology", "the course itself still opens")
    }

    @Test func theSampleHasUnreadAnnouncementsWhateverDayItIs() async throws {
        let now = SampleCatalog.anchor + 500 * 86_400 + 15 * 3_600
        let clients = CatalogClients.sample(clock: .fixed(now))
        var unread = 0
        for course in try await clients.courses.coursesPage(.current, nil, .ignored).items {
            let shown = try await clients.announcements.announcements(course.id, .ignored)
            #expect(shown.allSatisfy { ($0.postedAt ?? now) <= now })
            unread += shown.filter { !$0.isRead }.count
        }
        #expect(unread >= 3)
    }
}
