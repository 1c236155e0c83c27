import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

struct CanvasClientTests {
    let http = FakeHTTP()
    let events = EventSpy()
    let base = URL(string: "https://school.example")!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    var client: CourseClient {
        .canvas(CanvasConnection(baseURL: base, credentials: .test("s3cret"), http: http.client, clock: .fixed(Self.now), analytics: events.analytics))
    }

    func page(_ scope: CourseScope = .all, _ cursor: PageCursor? = nil) async throws -> Page<Course> {
        try await client.coursesPage(scope, cursor, .ignored)
    }

    func query(_ request: HTTPRequest?) -> [String] {
        let items = request.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems } ?? []
        return items.map { "\($0.name)=\($0.value ?? "")" }
    }

    @Test func theCurrentViewAsksForTermsTeachersFavoritesAndConcludedAndDropsWhatEnded() async throws {
        http.on("/api/v1/courses", .json(#"""
            [{"id": 1, "name": "Biology", "term": {"name": "Fall", "end_at": "2030-01-01T00:00:00Z"}, "teachers": [{"display_name": "Dr. K"}], "concluded": false},
             {"id": 2, "name": "Old", "concluded": true},
             {"id": 3, "name": "Past term", "term": {"name": "Spring", "end_at": "2020-01-01T00:00:00Z"}},
             {"id": 4, "access_restricted_by_date": true}]
            """#, link: #"<https://school.example/api/v1/courses?page=2&per_page=100>; rel="next", <https://school.example/api/v1/courses?page=1>; rel="first""#))
        let page = try await page(.current)
        #expect(page.items.map(\.id) == [CourseID(1), CourseID(4)])
        #expect(page.items.first?.teachers == ["Dr. K"])
        #expect(page.items.first?.term == Course.Term(name: "Fall", endAt: Date(timeIntervalSince1970: 1_893_456_000)))
        #expect(page.items.last?.isRestricted == true)
        #expect(page.next != nil)
        let request = try #require(http.sentRequests.first)
        #expect(request.url.path == "/api/v1/courses")
        #expect(query(request) == ["per_page=100", "include[]=term", "include[]=teachers", "include[]=favorites", "include[]=concluded", "include[]=total_scores", "include[]=current_grading_period_scores"])
        #expect(request.headers["Authorization"] == "Bearer s3cret")
    }

    @Test func favoritesComeFromTheFavoritesListing() async throws {
        http.on("/api/v1/users/self/favorites/courses", .json(#"[{"id": 5, "name": "Starred", "is_favorite": true}]"#))
        let page = try await page(.favorites)
        #expect(page.items.map(\.isFavorite) == [true])
        #expect(page.next == nil)
    }

    @Test func allReadsTheUsualListThenTheConcludedEnrollments() async throws {
        http.on("enrollment_state=completed", .json(#"[{"id": 2, "name": "Done", "workflow_state": "completed"}, {"id": 1, "name": "Again"}]"#))
        http.on("/api/v1/courses", .json(#"[{"id": 1, "name": "Now"}]"#))
        let first = try await page(.all)
        #expect(first.items.map(\.name) == ["Now"])
        let cursor = try #require(first.next)
        let second = try await page(.all, cursor)
        #expect(second.items.map(\.name) == ["Done", "Again"], "the loader drops the repeat; the client passes it on")
        #expect(second.next == nil)
        #expect(query(http.sentRequests.last).suffix(3) == ["enrollment_state=completed", "state[]=available", "state[]=completed"])
    }

    @Test func aCursorIsFollowedAsGivenAndTheLastPageHasNoNext() async throws {
        http.on("page=2", .json(#"[{"id": 2, "name": "Chemistry"}]"#))
        let page = try await page(.all, PageCursor("0 https://school.example/api/v1/courses?page=2&per_page=100"))
        #expect(page.items.map(\.id) == [CourseID(2)])
        #expect(page.next != nil, "after the usual list comes the concluded one")
        #expect(http.sentRequests.first?.url.query == "page=2&per_page=100")
    }

    @Test func aNextLinkToAnotherServerIsRefusedSoTheTokenNeverLeaves() async {
        http.on("/api/v1/courses", .json("[]", link: #"<https://evil.example/steal>; rel="next""#))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await page() }
        #expect(events.names == ["unexpected_response"])
    }

    @Test func aNextLinkWithTheDefaultPortWrittenOutIsTheSameOrigin() async throws {
        http.on("/api/v1/courses", .json("[]", link: #"<HTTPS://School.Example:443/api/v1/courses?page=2>; rel="next""#))
        #expect(try await page(.current).next != nil)
    }

    @Test func aCourseIsLoadedWithIncludesAndAnSISIDKeepsItsColon() async throws {
        http.on("/api/v1/courses/sis_course_id:A%20B", .json(#"{"id": 7, "name": "Art", "original_name": "Art History 101", "syllabus_body": "<p>Hi</p>"}"#))
        let id = try #require(CourseID("sis_course_id:A B"))
        #expect(try await client.syllabus(id, .ignored) == "<p>Hi</p>")
        #expect(http.sentRequests.first?.url.query?.contains("syllabus_body") == true)
        let course = try await client.course(id, .ignored)
        #expect(course.name == "Art")
        #expect(course.originalName == "Art History 101")
        #expect(http.sentRequests.last?.url.query?.contains("teachers") == true)
    }

    @Test func anInvitationIsReadFromTheEnrollments() async throws {
        http.on("/api/v1/courses/8", .json(#"{"id": 8, "name": "Seminar", "enrollments": [{"type": "student", "enrollment_state": "invited"}]}"#))
        #expect(try await client.course(CourseID(8), .ignored).enrollment == .invited)
    }

    @Test(arguments: [
        (401, #"{"errors":[{"message":"Invalid access token."}]}"#, ["WWW-Authenticate": #"Bearer realm="canvas-lms""#],
         CanvasError.invalidToken(host: "school.example", source: "CANVAS_TOKEN")),
        (401, #"{"status":"unauthenticated","errors":[{"message":"user authorization required"}]}"#, [:],
         CanvasError.invalidToken(host: "school.example", source: "CANVAS_TOKEN")),
        (401, #"{"errors":[{"message":"Expired access token.","expired_at":"2026-01-01T00:00:00Z"}]}"#, [:],
         CanvasError.invalidToken(host: "school.example", source: "CANVAS_TOKEN")),
        (401, #"{"status":"unauthorized","errors":[{"message":"user not authorized to perform that action"}]}"#, [:],
         CanvasError.notPermitted(.course(CourseID(9)))),
        (403, #"{"status":"unauthorized","errors":[{"message":"user not authorized to perform that action"}]}"#, [:],
         CanvasError.notPermitted(.course(CourseID(9)))),
        (404, #"{"errors":[{"message":"The specified resource does not exist."}]}"#, [:], CanvasError.notFound(.course(CourseID(9)))),
        (500, #"{"errors":[{"message":"An error occurred."}]}"#, [:], CanvasError.server(host: "school.example", status: 500)),
        (503, #"{"errors":[{"message":"down"}]}"#, [:], CanvasError.server(host: "school.example", status: 503)),
    ])
    func statusesBecomeErrorsPeopleCanRead(status: Int, body: String, headers: [String: String], expected: CanvasError) async {
        http.on("/api/v1/courses/9", HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
        await #expect(throws: expected) { try await client.course(CourseID(9), .ignored) }
    }

    @Test func aRejectedSavedTokenSaysWhichLoginToRunAgain() async {
        let saved = AccessCredentials(token: "s3cret", source: "the saved login (profile work)", renewal: "coursebrowser login --profile work")
        let client = CourseClient.canvas(CanvasConnection(baseURL: base, credentials: saved, http: http.client, clock: .fixed(Self.now), analytics: events.analytics))
        http.on("/api/v1/courses/9", HTTPResponse(status: 401, headers: ["WWW-Authenticate": #"Bearer realm="canvas-lms""#], body: Data(#"{"errors":[{"message":"Invalid access token."}]}"#.utf8)))
        let expected = CanvasError.invalidToken(host: "school.example", source: "the saved login (profile work)", renewal: "coursebrowser login --profile work")
        await #expect(throws: expected) { try await client.course(CourseID(9), .ignored) }
        #expect(expected.userMessage == "school.example rejected the access token from the saved login (profile work): it is wrong, expired or revoked."
            + " Run coursebrowser login --profile work again with a new one")
    }

    @Test func aRejectedTokenNamesWhereItCameFromAndAPermissionNeverBlamesTheToken() {
        let token = CanvasError.invalidToken(host: "school.example", source: "--token-file /home/an/.canvas-token")
        #expect(token.userMessage.contains("rejected the access token from --token-file /home/an/.canvas-token"))
        #expect(token.userMessage.contains("expired"))
        let permission = CanvasError.notPermitted(.courseFiles(CourseID(3)))
        #expect(permission.userMessage == "You don't have permission to add files to course 3: only teachers can add files to a course's Files")
        #expect(!permission.userMessage.lowercased().contains("token"))
    }

    @Test func aMissingModuleIsNamedAndAWrongAddressIsNotCalledACourse() async {
        http.on("/modules/2/items", .json(#"{"errors":[{"message":"The specified resource does not exist."}]}"#, status: 404))
        http.on("/api/v1/courses/1/modules", .json(#"[{"id": 2, "name": "Big", "position": 1, "items_url": "https://school.example/api/v1/courses/1/modules/2/items"}]"#))
        await #expect(throws: CanvasError.notFound(.moduleItems(CourseID(1), module: "2"))) { try await client.modules(CourseID(1), .ignored) }
        #expect(CanvasError.notFound(.moduleItems(CourseID(1), module: "2")).userMessage == "Module 2 of course 1 no longer exists")

        http.on("/api/v1/courses", .json("not here", status: 404))
        await #expect(throws: CanvasError.noCanvasAPI(host: "school.example")) { try await page(.current) }
    }

    @Test func aCourseListedAsRestrictedByDateIsReportedAsSuchWhenOpened() async throws {
        http.on("/api/v1/courses/4", .json(#"{"status":"unauthorized","errors":[{"message":"user not authorized to perform that action"}]}"#, status: 401))
        http.on("/api/v1/courses/5", .json(#"{"status":"unauthorized","errors":[{"message":"user not authorized to perform that action"}]}"#, status: 401))
        http.on("/api/v1/courses", .json(#"[{"id": 4, "access_restricted_by_date": true}]"#))
        let client = client
        _ = try await client.coursesPage(.current, nil, .ignored)
        #expect(try await client.course(CourseID(4), .ignored) == .restricted(CourseID(4)))
        await #expect(throws: CanvasError.notPermitted(.course(CourseID(5)))) { try await client.course(CourseID(5), .ignored) }
    }

    @Test func aBodyThatIsNotJSONIsUnexpectedAndTheDetailsGoToTheEventLog() async {
        http.on("/api/v1/courses/3", .json("<html>oops"))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client.course(CourseID(3), .ignored) }
        let event = events.events.first
        #expect(event?.name == "unexpected_response")
        #expect(event?.properties["path"] == "/api/v1/courses/3")
        #expect(event?.properties["detail"]?.contains("line 1, column 1") == true)
        #expect(!events.events.contains { $0.properties.values.contains { $0.contains("s3cret") } })
    }

    @Test func throttlingIsWaitedOutWhileTheWaitIsReported() async throws {
        http.on("/api/v1/courses/5",
                .json("403 Forbidden (Rate Limit Exceeded)", status: 403),
                HTTPResponse(status: 429, headers: ["Retry-After": "3"]),
                HTTPResponse(status: 429),
                .json(#"{"id": 5, "name": "Calm"}"#))
        let notes = NoteSpy()
        let course = try await client.course(CourseID(5), notes.progress)
        #expect(course.name == "Calm")
        #expect(http.sentRequests.count == 4)
        #expect(notes.notes == [
            LoadProgress.Note(reason: "rate limited", retryAt: Self.now + 1),
            LoadProgress.Note(reason: "rate limited", retryAt: Self.now + 3),
            LoadProgress.Note(reason: "rate limited", retryAt: Self.now + 4),
            nil,
        ])
    }

    @Test func aRetryAfterDateIsHonouredAndA503ThatSaysHowLongIsWaitedOutToo() async throws {
        http.on("/api/v1/courses/6",
                HTTPResponse(status: 503, headers: ["Retry-After": "Fri, 15 Jan 2027 08:00:10 GMT"]),
                .json(#"{"id": 6, "name": "Back"}"#))
        let now = try #require(ISO8601DateFormatter().date(from: "2027-01-15T08:00:00Z"))
        let client = CourseClient.canvas(CanvasConnection(baseURL: base, credentials: .test("s3cret"), http: http.client, clock: .fixed(now), analytics: events.analytics))
        let notes = NoteSpy()
        #expect(try await client.course(CourseID(6), notes.progress).name == "Back")
        #expect(notes.notes.first == LoadProgress.Note(reason: "Canvas is busy", retryAt: now + 10))
    }

    @Test func aRetryAfterLongerThanAPersonWaitsFailsAndSaysWhenToComeBack() async {
        http.on("/api/v1/courses/5", HTTPResponse(status: 429, headers: ["Retry-After": "600"]))
        await #expect(throws: CanvasError.throttled(host: "school.example", retryAfter: 600)) { try await client.course(CourseID(5), .ignored) }
        #expect(http.sentRequests.count == 1)
        #expect(CanvasError.throttled(host: "school.example", retryAfter: 600).userMessage == "school.example is rate limiting requests; try again in 10 min")
    }

    @Test func endlessThrottlingGivesUpWithAClearMessage() async {
        http.on("/api/v1/courses/5", HTTPResponse(status: 429))
        await #expect(throws: CanvasError.throttled(host: "school.example", retryAfter: nil)) { try await client.course(CourseID(5), .ignored) }
        #expect(http.sentRequests.count == 7)
    }

    @Test func assignmentsComeWithTheStudentsSubmissionAndFollowPages() async throws {
        http.on("page=2", .json(#"[{"id": 12, "name": "Lab", "submission_types": ["on_paper"]}]"#))
        http.on("/api/v1/courses/1/assignments", .json(#"""
            [{"id": 11, "name": "Essay", "due_at": "2027-01-15T23:59:00Z", "points_possible": 10, "submission_types": ["online_upload"],
              "allowed_extensions": ["PDF", ".docx"], "locked_for_user": true, "lock_explanation": "Not yet.",
              "submission": {"workflow_state": "graded", "submitted_at": "2027-01-14T10:00:00Z", "attempt": 2, "late": false, "missing": false, "score": 9.5}}]
            """#, link: #"<https://school.example/api/v1/courses/1/assignments?page=2>; rel="next""#))
        http.on("/api/v1/courses/1/students/submissions", .json("[]"))
        let assignments = try await client.assignments(CourseID(1), .ignored)
        #expect(query(http.sentRequests.first { $0.url.path.hasSuffix("/assignments") }) == ["include[]=submission", "per_page=100"])
        #expect(assignments.map(\.id) == ["11", "12"])
        let essay = try #require(assignments.first)
        #expect(essay.dueAt == Date(timeIntervalSince1970: 1_800_057_540))
        #expect(essay.allowedExtensions == ["pdf", "docx"])
        #expect(essay.acceptsUploads && essay.isLocked && essay.lockExplanation == "Not yet.")
        #expect(essay.submission == Assignment.Submission(state: .graded, submittedAt: Date(timeIntervalSince1970: 1_799_920_800), attempt: 2, score: 9.5))
        #expect(assignments.last?.acceptsUploads == false)
        #expect(assignments.last?.submission == nil, "a teacher's view has no submission")
    }

    @Test func eachSubmissionGetsItsCommentsAndRubricMarksAskedBeside() async throws {
        http.on("/api/v1/courses/1/assignments", .json(#"""
            [{"id": 11, "name": "Essay", "points_possible": 10,
              "rubric_settings": {"id": 5, "title": "Essay rubric", "points_possible": 10, "hide_points": false},
              "rubric": [{"id": "_c1", "description": "Argument", "points": 10, "criterion_use_range": false,
                          "ratings": [{"id": "_r1", "description": "Convincing", "long_description": "", "points": 10}]}],
              "submission": {"workflow_state": "graded", "score": 9, "grade": "9", "posted_at": "2027-01-16T10:00:00Z"}},
             {"id": 12, "name": "Lab", "submission": {"workflow_state": "unsubmitted"}}]
            """#))
        http.on("/api/v1/courses/1/students/submissions", .json(#"""
            [{"id": 91, "assignment_id": 11, "workflow_state": "graded",
              "submission_comments": [
                {"id": 1, "author_id": 7, "author_name": "Dr. Chen", "comment": "Strong\nclose.", "created_at": "2027-01-16T10:00:00Z",
                 "attachments": [{"id": 555, "display_name": "marked.pdf", "size": 2048, "url": "https://school.example/files/555/download?verifier=x"}]},
                {"id": 2, "author_id": null, "author_name": "Anonymous User", "author": {}, "comment": "Peer note"}],
              "rubric_assessment": {"_c1": {"rating_id": "_r1", "comments": "Good", "points": 9}}},
             {"id": 92, "assignment_id": 12, "workflow_state": "unsubmitted"}]
            """#))
        let assignments = try await client.assignments(CourseID(1), .ignored)
        let asked = try #require(http.sentRequests.first { $0.url.path.hasSuffix("/students/submissions") })
        #expect(query(asked) == ["include[]=submission_comments", "include[]=rubric_assessment", "per_page=100"])
        let essay = try #require(assignments.first)
        #expect(essay.rubric == Rubric(title: "Essay rubric", criteria: [
            Rubric.Criterion(id: "_c1", description: "Argument", points: 10, ratings: [Rubric.Rating(id: "_r1", description: "Convincing", points: 10)]),
        ]))
        #expect(essay.submission?.rubricMarks == ["_c1": RubricMark(ratingID: "_r1", points: 9, comments: "Good")])
        let comments = try #require(essay.submission?.comments)
        #expect(comments.map(\.author) == ["Dr. Chen", nil], "an anonymous author stays unnamed")
        #expect(comments.first?.text == "Strong\nclose.")
        #expect(comments.first?.attachments.map(\.name) == ["marked.pdf"])
        #expect(comments.first?.attachments.first?.downloadURL?.absoluteString == "https://school.example/files/555/download?verifier=x")
        #expect(assignments.last?.submission?.comments == [], "no comments is an empty list")
        #expect(assignments.last?.submission?.rubricMarks == nil, "nothing marked: no marks")
    }

    @Test func assignmentsThatMayNotBeSeenSaySo() async {
        http.on("/api/v1/courses/1/assignments", .json(#"{"status": "unauthorized", "errors": [{"message": "user not authorized to perform that action"}]}"#, status: 401))
        await #expect(throws: CanvasError.notPermitted(.assignments(CourseID(1)))) { try await client.assignments(CourseID(1), .ignored) }
    }

    @Test func modulesAskForLockDetailsFollowPagesAndLoadMissingItemsFromItemsURL() async throws {
        http.on("/modules/2/items", .json(#"[{"id": 21, "title": "Big reading", "type": "Page", "content_details": {"locked_for_user": true, "lock_explanation": "Wait."}}]"#))
        http.on("page=2", .json(#"[{"id": 2, "name": "One", "position": 1, "state": "locked", "unlock_at": "2027-01-01T00:00:00Z", "items_url": "https://school.example/api/v1/courses/1/modules/2/items"}]"#))
        http.on("/api/v1/courses/1/modules", .json(
            #"[{"id": 1, "name": "Two", "position": 2, "state": "started", "items": [{"id": 11, "title": "Quiz", "type": "Quiz", "completion_requirement": {"type": "must_submit", "completed": true}}]}]"#,
            link: #"<https://school.example/api/v1/courses/1/modules?page=2>; rel="next""#
        ))
        let modules = try await client.modules(CourseID(1), .ignored)
        #expect(modules.map(\.name) == ["One", "Two"])
        #expect(modules[0].progress == .locked)
        #expect(modules[0].isLocked(at: Self.now))
        #expect(modules[0].items == [ModuleItem(id: "21", title: "Big reading", type: "Page", isLocked: true, lockExplanation: "Wait.")])
        #expect(modules[1].items.first?.requirement == ModuleItem.Requirement(kind: "must_submit", isCompleted: true))
        #expect(query(http.sentRequests.first).contains("include[]=content_details"))
        #expect(query(http.sentRequests.last) == ["include[]=content_details", "per_page=100"])
    }

    @Test func paginationThatLoopsBackIsAnErrorNotAHang() async {
        http.on("/api/v1/courses/1/modules", .json("[]", link: #"<https://school.example/api/v1/courses/1/modules?include%5B%5D=items&include%5B%5D=content_details&per_page=100>; rel="next""#))
        await #expect(throws: PagingError.loopsBack) { try await client.modules(CourseID(1), .ignored) }
        #expect(http.sentRequests.count <= 2)
    }

    @Test func aListingThatNeverEndsStopsAtThePageLimit() async {
        let counter = Shared(0)
        let endless = HTTPClient { request in
            let page = counter.modify { calls in calls += 1; return calls }
            return .json("[]", link: "<https://school.example/api/v1/courses/1/modules?page=\(page + 1)>; rel=\"next\"")
        }
        let client = CourseClient.canvas(CanvasConnection(baseURL: base, credentials: .test("s3cret"), http: endless, clock: .fixed(Self.now), analytics: .noOp))
        await #expect(throws: PagingError.tooManyPages(limit: PagingError.pageLimit)) { try await client.modules(CourseID(1), .ignored) }
        #expect(counter.value == PagingError.pageLimit)
    }

    @Test func networkErrorsPassThroughUnchanged() async {
        await #expect(throws: NetworkError.unreachable(host: "school.example")) { try await client.course(CourseID(1), .ignored) }
    }
}

/// Collects analytics events.
final class EventSpy: Sendable {
    private let recorder = Recorder<AnalyticsEvent>()
    var analytics: Analytics { Analytics(track: recorder.record) }
    var events: [AnalyticsEvent] { recorder.values }
    var names: [String] { events.map(\.name) }
}

/// Collects progress notes.
final class NoteSpy: Sendable {
    private let recorder = Recorder<LoadProgress.Note?>()
    var progress: LoadProgress { LoadProgress(report: recorder.record) }
    var notes: [LoadProgress.Note?] { recorder.values }
}
