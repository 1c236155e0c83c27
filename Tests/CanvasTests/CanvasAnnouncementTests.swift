import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import HTTP
import TestSupport

/// A course's announcements read from Canvas: the two listings and their pages, the topic
/// shape `discussion_topics_api_json` writes, and the PUT that marks one read.
struct CanvasAnnouncementTests {
    let http = FakeHTTP()
    let base = URL(string: "https://school.example")!
    static let now = Date(timeIntervalSince1970: 1_796_000_000)
    static let course = CourseID(7)

    var client: AnnouncementClient {
        .canvas(CanvasConnection(baseURL: base, credentials: .test("s3cret"), http: http.client, clock: .fixed(Self.now), analytics: .noOp))
    }

    static let recent = #"""
        [{"id": 31, "title": "Room change", "message": "<p>Room <strong>B-204</strong> on Friday.</p>",
          "posted_at": "2026-11-28T09:00:00Z", "delayed_post_at": null, "read_state": "unread", "unread_count": 0,
          "context_code": "course_7", "author": {"id": 2, "display_name": "Dr. Chen", "avatar_image_url": null},
          "html_url": "https://school.example/courses/7/discussion_topics/31", "url": "https://school.example/courses/7/discussion_topics/31"},
         {"id": 30, "title": "Slides are up", "message": "<p>In Files.</p>", "posted_at": "2026-11-25T09:00:00Z",
          "read_state": "read", "context_code": "course_7", "author": null, "html_url": "https://school.example/courses/7/discussion_topics/30"}]
        """#

    static let unread = #"""
        [{"id": 31, "title": "Room change", "message": "<p>Room <strong>B-204</strong> on Friday.</p>",
          "posted_at": "2026-11-28T09:00:00Z", "read_state": "unread", "author": {"display_name": "Dr. Chen"},
          "html_url": "https://school.example/courses/7/discussion_topics/31"},
         {"id": 12, "title": "", "message": "<p>Review on Thursday.</p>", "posted_at": "2026-10-20T09:00:00Z",
          "read_state": "unread", "author": {"display_name": "  "}, "html_url": "javascript:alert(1)"}]
        """#

    func announcements() async throws -> [Announcement] {
        http.on("/api/v1/announcements", .json(Self.recent))
        http.on("filter_by=unread", .json(Self.unread))
        return try await client.announcements(Self.course, .ignored)
    }

    @Test func theRecentAndTheOlderUnreadAreOneListNewestFirstEachOnce() async throws {
        let list = try await announcements()
        #expect(list.map(\.id) == ["31", "30", "12"])
        #expect(list.map(\.isRead) == [false, true, false])
        let first = try #require(list.first)
        #expect(first.title == "Room change")
        #expect(first.messageHTML == "<p>Room <strong>B-204</strong> on Friday.</p>")
        #expect(first.postedAt == CanvasDate.parse("2026-11-28T09:00:00Z"))
        #expect(first.authorName == "Dr. Chen")
        #expect(first.htmlURL == URL(string: "https://school.example/courses/7/discussion_topics/31"))
    }

    @Test func whatCanvasLeavesOutOrSendsBlankIsFilledInOrDropped() async throws {
        let list = try await announcements()
        #expect(list[1].authorName == nil, "an anonymous topic has a null author")
        #expect(list[2].title == "Announcement 12")
        #expect(list[2].authorName == nil)
        #expect(list[2].htmlURL == nil, "only http(s) addresses reach the browser")
    }

    @Test func itAsksForTheLastTwoWeeksAndTheUnreadTopicsOfTheCourse() async throws {
        _ = try await announcements()
        let urls = http.sentRequests.map(\.url)
        #expect(urls.count == 2)
        let recent = try #require(URLComponents(url: urls[0], resolvingAgainstBaseURL: false))
        #expect(recent.path == "/api/v1/announcements")
        let query = (recent.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        #expect(query == [
            "context_codes[]=course_7", "start_date=" + CanvasAPI.timestamp(CanvasAPI.dayStart(Self.now.addingTimeInterval(-14 * 86_400))),
            "end_date=" + CanvasAPI.timestamp(CanvasAPI.dayEnd(Self.now.addingTimeInterval(86_400))), "per_page=100",
        ])
        #expect(query[1].hasSuffix("T00:00:00Z") && query[2].hasSuffix("T00:00:00Z"), "whole days, so a later load that day asks the same address: \(query)")
        #expect(urls[1].absoluteString == "https://school.example/api/v1/courses/7/discussion_topics?only_announcements=true&filter_by=unread&per_page=100")
        #expect(http.sentRequests.allSatisfy { $0.method == "GET" && $0.headers["Authorization"] == "Bearer s3cret" })
    }

    /// The recent listing is asked for whole days; a read announcement the widened range
    /// brings in from just over two weeks ago is left out, as before.
    @Test func aReadOneFromJustOverTwoWeeksAgoIsLeftOut() async throws {
        let old = CanvasAPI.timestamp(Self.now.addingTimeInterval(-14 * 86_400 - 3_600))
        http.on("/api/v1/announcements", .json(#"""
            [{"id": 40, "title": "Old news", "message": "<p>Old.</p>", "posted_at": "\#(old)", "read_state": "read"},
             {"id": 41, "title": "Fresh news", "message": "<p>New.</p>", "posted_at": "2026-11-28T09:00:00Z", "read_state": "read"}]
            """#))
        http.on("filter_by=unread", .json("[]"))
        let list = try await client.announcements(Self.course, .ignored)
        #expect(list.map(\.title) == ["Fresh news"])
    }

    @Test func everyPageOfBothListingsIsRead() async throws {
        let next = #"<https://school.example/api/v1/announcements?context_codes%5B%5D=course_7&page=2&per_page=100>; rel="next""#
        http.on("page=2", .json(#"[{"id": 5, "title": "Second page", "posted_at": "2026-11-20T09:00:00Z", "read_state": "read"}]"#))
        http.on("/api/v1/announcements", .json(Self.recent, link: next))
        http.on("filter_by=unread", .json("[]"))
        let list = try await client.announcements(Self.course, .ignored)
        #expect(list.map(\.id) == ["31", "30", "5"])
        #expect(http.sentRequests.count == 3)
    }

    @Test func markingReadPutsAnEmptyBodyToTheTopicsReadAddress() async throws {
        http.on("/read", HTTPResponse(status: 204, headers: [:], body: Data()))
        try await client.markRead(Self.course, "31")
        let sent = try #require(http.sentRequests.first)
        #expect(sent.method == "PUT")
        #expect(sent.url.absoluteString == "https://school.example/api/v1/courses/7/discussion_topics/31/read")
        #expect(sent.body == Data(), "an empty body, so it goes with Content-Length: 0")
        #expect(sent.headers["Authorization"] == "Bearer s3cret")
    }

    @Test func aMarkCanvasRefusesSaysWhy() async {
        http.on("/discussion_topics/404/read", .json(#"{"errors":[{"message":"The specified resource does not exist."}]}"#, status: 404))
        http.on("/discussion_topics/401/read", .json(#"{"status":"unauthorized","errors":[{"message":"user not authorized to perform that action"}]}"#, status: 401))
        await #expect(throws: CanvasError.notFound(.announcement(Self.course, id: "404"))) { try await client.markRead(Self.course, "404") }
        await #expect(throws: CanvasError.notPermitted(.announcement(Self.course, id: "401"))) { try await client.markRead(Self.course, "401") }
        #expect(CanvasError.notFound(.announcement(Self.course, id: "404")).userMessage == "Announcement 404 of course 7 no longer exists")
    }

    @Test func aCourseCanvasDoesNotKnowIsSaidOnceForTheSection() async {
        http.on("/api/v1/announcements", .json(#"{"errors":[{"message":"The specified resource does not exist."}]}"#, status: 404))
        await #expect(throws: CanvasError.notFound(.announcements(Self.course))) { try await client.announcements(Self.course, .ignored) }
    }
}
