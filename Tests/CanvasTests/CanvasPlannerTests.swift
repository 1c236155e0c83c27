import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import HTTP
import TestSupport

/// The planner read from Canvas: each row shape `planner_item_json` writes, and its pages.
struct CanvasPlannerTests {
    let http = FakeHTTP()
    let base = URL(string: "https://school.example")!
    static let now = Date(timeIntervalSince1970: 1_796_000_000)
    static let start = now.addingTimeInterval(-14 * 86_400)
    static let end = now.addingTimeInterval(28 * 86_400)

    static let missingPath = "/api/v1/users/self/missing_submissions"

    static let courses = #"""
        [{"id": 1, "name": "Biology", "course_code": "BIO 101"},
         {"id": 2, "name": "Old", "course_code": "OLD 1", "end_at": "2020-01-01T00:00:00Z"}]
        """#

    var planner: PlannerClient {
        .canvas(CanvasConnection(baseURL: base, credentials: .test("s3cret"), http: http.client, clock: .fixed(Self.now), analytics: .noOp))
    }

    func items(_ body: String) async throws -> [PlannerItem] {
        http.on("/api/v1/planner/items", .json(body))
        http.on("/api/v1/courses", .json(Self.courses))
        noMissingWork()
        return try await planner.items(Self.start, Self.end, .ignored)
    }

    /// No missing work beyond the planner's own rows, unless a test said otherwise first.
    func noMissingWork() {
        http.on(Self.missingPath, .json("[]"))
    }

    @Test func anAssignmentCarriesItsPointsStatusAndOverride() async throws {
        let item = try #require(try await items(#"""
            [{"plannable_id": 12, "plannable_type": "assignment", "course_id": 1, "context_type": "Course",
              "context_name": "Biology (mine)", "new_activity": true, "planner_override": {"id": 3, "marked_complete": true},
              "plannable_date": "2026-12-03T23:59:00Z", "html_url": "/courses/1/assignments/12",
              "submissions": {"submitted": true, "excused": false, "graded": true, "posted_at": null, "late": true,
                              "missing": false, "needs_grading": false, "has_feedback": true, "redo_request": false},
              "plannable": {"id": 12, "title": "Lab report", "points_possible": 20.5, "due_at": "2026-12-03T23:59:00Z", "assignment_id": null}}]
            """#).first)
        #expect(item.id == "assignment:12")
        #expect(item.kind == .assignment)
        #expect(item.title == "Lab report")
        #expect(item.courseID == CourseID(1))
        #expect(item.courseCode == nil, "codes come from the saved course list, not from Canvas here")
        #expect(item.contextName == "Biology (mine)")
        #expect(item.date == CanvasDate.parse("2026-12-03T23:59:00Z"))
        #expect(!item.isAllDay)
        #expect(item.pointsPossible == 20.5)
        #expect(item.assignmentID == "12")
        #expect(item.status == PlannerItem.Status(isSubmitted: true, isGraded: true, isLate: true, hasFeedback: true, isGradeHidden: true))
        #expect(item.isMarkedComplete)
        #expect(item.hasNewActivity)
        #expect(item.htmlURL == URL(string: "https://school.example/courses/1/assignments/12"))
    }

    @Test func aGradeIsReleasedWhenItsSubmissionIsPosted() async throws {
        let items = try await items(#"""
            [{"plannable_id": 12, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-03T23:59:00Z",
              "submissions": {"submitted": true, "graded": true, "posted_at": null}, "plannable": {"id": 12, "title": "Hidden"}},
             {"plannable_id": 13, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-04T23:59:00Z",
              "submissions": {"submitted": true, "graded": true, "posted_at": "2026-12-05T08:30:00Z"}, "plannable": {"id": 13, "title": "Posted"}},
             {"plannable_id": 14, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-05T23:59:00Z",
              "submissions": {"excused": true, "graded": true, "posted_at": "2026-12-05T08:30:00Z"}, "plannable": {"id": 14, "title": "Excused"}}]
            """#)
        #expect(items.map { $0.status?.gradePostedAt } == [nil, CanvasDate.parse("2026-12-05T08:30:00Z"), CanvasDate.parse("2026-12-05T08:30:00Z")])
        #expect(items.map { $0.status?.releasedGradeAt } == [nil, CanvasDate.parse("2026-12-05T08:30:00Z"), nil])
    }

    @Test func gradedQuizzesAndDiscussionsHandInUnderTheirAssignment() async throws {
        let items = try await items(#"""
            [{"plannable_id": 5, "plannable_type": "quiz", "course_id": 1, "plannable_date": "2026-12-01T10:00:00Z", "submissions": false,
              "plannable": {"id": 5, "title": "Quiz 1", "assignment_id": 40, "points_possible": 10}},
             {"plannable_id": 6, "plannable_type": "discussion_topic", "course_id": 1, "plannable_date": "2026-12-02T10:00:00Z",
              "submissions": {"submitted": false, "missing": true}, "plannable": {"id": 6, "title": "Debate", "assignment_id": "41"}}]
            """#)
        #expect(items.map(\.kind) == [.quiz, .discussionTopic])
        #expect(items.map(\.assignmentID) == ["40", "41"])
        #expect(items.map(\.status) == [nil, PlannerItem.Status(isMissing: true)])
    }

    @Test func anAllDayEventAndAPersonalNoteAndAnAnnouncement() async throws {
        let items = try await items(#"""
            [{"plannable_id": 9, "plannable_type": "calendar_event", "course_id": 1, "plannable_date": "2026-12-05",
              "submissions": false, "plannable": {"id": 9, "title": "Field trip", "all_day": true}},
             {"plannable_id": 7, "plannable_type": "planner_note", "plannable_date": "2026-12-04T12:00:00Z", "submissions": false,
              "plannable": {"id": 7, "title": "Buy lab goggles", "user_id": 99}},
             {"plannable_id": 8, "plannable_type": "announcement", "course_id": 1, "plannable_date": "2026-12-01T08:00:00Z",
              "submissions": false, "html_url": "https://school.example/courses/1/discussion_topics/8",
              "plannable": {"id": 8, "title": "Welcome back", "unread_count": 0, "read_state": "unread"}}]
            """#)
        #expect(items.map(\.title) == ["Welcome back", "Buy lab goggles", "Field trip"], "sorted by date")
        let event = try #require(items.last)
        #expect(event.kind == .calendarEvent)
        #expect(event.isAllDay)
        var wallClock = Calendar(identifier: .gregorian)
        wallClock.timeZone = .current
        let day = wallClock.dateComponents([.year, .month, .day, .hour, .minute], from: event.date)
        #expect([day.year, day.month, day.day, day.hour, day.minute] == [2026, 12, 5, 0, 0], "midnight where the user is: \(day)")
        let note = items[1]
        #expect(note.kind == .plannerNote)
        #expect(note.courseID == nil)
        #expect(note.courseCode == nil)
        #expect(note.htmlURL == nil)
        #expect(items[0].kind == .announcement)
        #expect(items[0].htmlURL?.absoluteString == "https://school.example/courses/1/discussion_topics/8")
    }

    @Test func aTypeNotKnownYetIsKeptByItsName() async throws {
        let items = try await items(#"""
            [{"plannable_id": 3, "plannable_type": "hologram_lecture", "course_id": 1, "plannable_date": "2026-12-02T09:00:00Z",
              "submissions": false, "plannable": {"id": 3, "title": "Virtual visit"}},
             {"plannable_id": 4, "plannable_type": "wiki_page", "course_id": 1, "plannable_date": "2026-12-02T10:00:00Z",
              "plannable": {"id": 4, "title": "Read chapter 3", "todo_date": "2026-12-02T10:00:00Z"}},
             {"plannable_id": 5, "plannable_type": "assessment_request", "course_id": 1, "plannable_date": "2026-12-02T11:00:00Z",
              "plannable": {"id": 5, "title": "Review a classmate", "workflow_state": "assigned"}}]
            """#)
        #expect(items.map(\.kind) == [.other("hologram_lecture"), .wikiPage, .assessmentRequest])
        #expect(items.first?.title == "Virtual visit")
        #expect(items.first?.id == "hologram_lecture:3")
    }

    @Test func theOnlyRequestsAreThePlannersOwnPages() async throws {
        let items = try await items(#"""
            [{"plannable_id": 1, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-01T10:00:00Z", "plannable": {"title": "A"}},
             {"plannable_id": 4, "plannable_type": "assignment", "course_id": 77, "plannable_date": "2026-12-01T13:00:00Z", "plannable": {"title": "Unlisted"}}]
            """#)
        #expect(items.map(\.title) == ["A", "Unlisted"])
        #expect(Set(http.sentRequests.map(\.url.path)) == ["/api/v1/planner/items", Self.missingPath], "no course listing of its own beside the Courses pane's")
    }

    @Test func aRowWithNoDateIsLeftOutAndTheRestAreRead() async throws {
        let items = try await items(#"""
            [{"plannable_id": 1, "plannable_type": "planner_note", "plannable_date": null, "plannable": {"title": "Undated"}},
             {"plannable_id": 2, "plannable_type": "assignment", "course_id": 1, "plannable_date": "not a date",
              "plannable": {"title": "From due_at", "due_at": "2026-12-06T10:00:00Z"}}]
            """#)
        #expect(items.map(\.title) == ["From due_at"])
    }

    @Test func theRangeIsAskedForAHundredToAPageAndEveryPageIsRead() async throws {
        http.on("page=2", .json(#"[{"plannable_id": 2, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-01T10:00:00Z", "plannable": {"title": "Second"}}]"#))
        http.on("/api/v1/planner/items", .json(
            #"[{"plannable_id": 1, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-02T10:00:00Z", "plannable": {"title": "First"}}]"#,
            link: #"<https://school.example/api/v1/planner/items?page=2&per_page=100>; rel="next""#))
        http.on("/api/v1/courses", .json(Self.courses))
        noMissingWork()
        let items = try await planner.items(Self.start, Self.end, .ignored)
        #expect(items.map(\.title) == ["Second", "First"])
        let first = try #require(http.sentRequests.first { $0.url.path == "/api/v1/planner/items" })
        let query = URLComponents(url: first.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.map(\.name) == ["start_date", "end_date", "per_page"])
        #expect(query.first?.value.flatMap(CanvasDate.parse) == CanvasAPI.dayStart(Self.start))
        #expect(query[1].value.flatMap(CanvasDate.parse) == CanvasAPI.dayEnd(Self.end))
        #expect(query.last?.value == "100")
    }

    /// Canvas is asked for whole days, so two loads on one day share an address (and its ETag);
    /// what lies outside the range asked for is still left out.
    @Test func wholeDaysAreAskedForAndWhatLiesOutsideTheRangeIsLeftOut() async throws {
        let before = CanvasAPI.timestamp(Self.start.addingTimeInterval(-60))
        let inside = CanvasAPI.timestamp(Self.start.addingTimeInterval(60))
        let after = CanvasAPI.timestamp(Self.end.addingTimeInterval(60))
        let items = try await items(#"""
            [{"plannable_id": 1, "plannable_type": "assignment", "course_id": 1, "plannable_date": "\#(before)", "plannable": {"title": "Before"}},
             {"plannable_id": 2, "plannable_type": "assignment", "course_id": 1, "plannable_date": "\#(inside)", "plannable": {"title": "Inside"}},
             {"plannable_id": 3, "plannable_type": "assignment", "course_id": 1, "plannable_date": "\#(after)", "plannable": {"title": "After"}}]
            """#)
        #expect(items.map(\.title) == ["Inside"])
        let api = CanvasAPI(baseURL: base, credentials: .test("s3cret"), http: http.client, clock: .fixed(Self.now), analytics: .noOp)
        #expect(api.plannerURL(from: Self.start, to: Self.end) == api.plannerURL(from: Self.start.addingTimeInterval(3_600), to: Self.end.addingTimeInterval(3_600)))
    }

    @Test func aNextLinkToAnotherServerIsRefused() async {
        http.on("/api/v1/planner/items", .json("[]", link: #"<https://evil.example/api/v1/planner/items?page=2>; rel="next""#))
        http.on("/api/v1/courses", .json(Self.courses))
        noMissingWork()
        await #expect(throws: CanvasError.self) { try await planner.items(Self.start, Self.end, .ignored) }
    }

    @Test(arguments: [
        ("/courses/1/assignments/12", "https://school.example/courses/1/assignments/12"),
        ("https://school.example/calendar?event_id=9", "https://school.example/calendar?event_id=9"),
        ("//evil.example/x", nil),
        ("javascript:alert(1)", nil),
    ])
    func htmlURLsAreResolvedAgainstCanvas(text: String, expected: String?) {
        #expect(CanvasPlannerItem.webURL(text, origin: base)?.absoluteString == expected)
    }
}

extension CanvasPlannerTests {
    /// A load that nobody waits on says so through its progress, and every page it reads goes
    /// out marked as background work for the rate budget; an ordinary load's pages do not.
    @Test func aBackgroundLoadsPagesGoOutAsBackgroundWork() async throws {
        http.on("/api/v1/planner/items", .json("[]"))
        noMissingWork()
        _ = try await planner.items(Self.start, Self.end, LoadProgress(urgency: .background) { _ in })
        _ = try await planner.items(Self.start, Self.end, .ignored)
        let planner = http.sentRequests.filter { $0.url.path == "/api/v1/planner/items" }
        let missing = http.sentRequests.filter { $0.url.path == Self.missingPath }
        #expect(planner.map(\.isBackground) == [true, false])
        #expect(missing.map(\.isBackground) == [true, false])
    }

    /// Work missing since before the planner's dates comes from Canvas's missing submissions,
    /// with its course; work the planner lists already is not listed twice.
    @Test func missingWorkOlderThanTheRangeIsAddedOnce() async throws {
        let old = CanvasAPI.timestamp(Self.start.addingTimeInterval(-86_400))
        let inside = CanvasAPI.timestamp(Self.start.addingTimeInterval(86_400))
        http.on(Self.missingPath, .json(#"""
            [{"id": 40, "name": "Essay", "course_id": 1, "due_at": "\#(old)", "points_possible": 10,
              "html_url": "https://school.example/courses/1/assignments/40", "planner_override": {"marked_complete": false},
              "course": {"id": 1, "name": "Biology", "course_code": "BIO 101"}},
             {"id": 41, "name": "Listed", "course_id": 1, "due_at": "\#(inside)"},
             {"id": 42, "name": "Undated", "course_id": 1, "due_at": null},
             {"id": 43, "name": "Moved for me", "course_id": 1, "due_at": "\#(old)"},
             {"id": 44, "name": "Left out by the planner", "course_id": 1, "due_at": "\#(inside)"}]
            """#))
        // The planner speaks for its own dates: work it lists (43 at the student's own date) or
        // leaves out there is not added from the missing list.
        let items = try await items(#"""
            [{"plannable_id": 41, "plannable_type": "assignment", "course_id": 1, "plannable_date": "\#(inside)",
              "submissions": {"missing": true}, "plannable": {"title": "Listed"}},
             {"plannable_id": 43, "plannable_type": "assignment", "course_id": 1, "plannable_date": "\#(inside)",
              "submissions": {"missing": true}, "plannable": {"title": "Moved for me"}}]
            """#)
        #expect(items.map(\.title) == ["Essay", "Listed", "Moved for me"])
        let essay = try #require(items.first)
        #expect(essay.id == "assignment:40")
        #expect(essay.assignmentID == "40")
        #expect(essay.courseCode == "BIO 101")
        #expect(essay.status == PlannerItem.Status(isMissing: true))
        let asked = try #require(http.sentRequests.first { $0.url.path == Self.missingPath })
        let names = (URLComponents(url: asked.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        #expect(names == ["include[]=course", "include[]=planner_overrides", "per_page=100"])
    }

    @Test func extensionsRedoRequestsAndHiddenGradesAreRead() async throws {
        let items = try await items(#"""
            [{"plannable_id": 1, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-01T10:00:00Z",
              "submissions": {"extended": true, "missing": false}, "plannable": {"title": "More time"}},
             {"plannable_id": 2, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-01T11:00:00Z",
              "submissions": {"submitted": true, "graded": true, "posted_at": "2026-12-02T10:00:00Z", "redo_request": true}, "plannable": {"title": "Again"}},
             {"plannable_id": 3, "plannable_type": "assignment", "course_id": 1, "plannable_date": "2026-12-01T12:00:00Z",
              "submissions": {"submitted": true, "graded": true, "posted_at": null}, "plannable": {"title": "Hidden"}}]
            """#)
        #expect(items.map(\.status?.isExtended) == [true, false, false])
        #expect(items.map(\.status?.isRedoRequested) == [false, true, false])
        #expect(items.map(\.status?.isGradeHidden) == [false, false, true])
    }
}
