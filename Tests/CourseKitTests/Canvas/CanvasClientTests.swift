import Foundation
import Testing
@testable import CourseKit

struct CanvasClientTests {
    let http = FakeHTTP()
    let events = EventSpy()
    let base = URL(string: "https://school.example")!

    var client: CourseClient {
        .canvas(baseURL: base, token: "s3cret", http: http.client, clock: .fixed(Date(timeIntervalSince1970: 0)), analytics: events.analytics)
    }

    @Test func firstCoursesPageAsksForTermsAndTeachersAndReturnsTheNextCursor() async throws {
        http.on("/api/v1/courses", .json(#"[{"id": 1, "name": "Biology", "term": {"name": "Fall"}, "teachers": [{"display_name": "Dr. K"}]}]"#,
                                          link: #"<https://school.example/api/v1/courses?page=2&per_page=100>; rel="next", <https://school.example/api/v1/courses?page=1>; rel="first""#))
        let page = try await client.coursesPage(nil)
        #expect(page.items.map(\.name) == ["Biology"])
        #expect(page.items.first?.teachers == ["Dr. K"])
        #expect(page.next == PageCursor("https://school.example/api/v1/courses?page=2&per_page=100"))
        let request = try #require(http.sentRequests.first)
        #expect(request.url.absoluteString == "https://school.example/api/v1/courses?per_page=100&include%5B%5D=term&include%5B%5D=teachers"
            || request.url.absoluteString == "https://school.example/api/v1/courses?per_page=100&include[]=term&include[]=teachers")
        #expect(request.headers["Authorization"] == "Bearer s3cret")
    }

    @Test func aCursorIsFollowedAsGivenAndTheLastPageHasNoNext() async throws {
        http.on("page=2", .json(#"[{"id": 2, "name": "Chemistry"}]"#))
        let page = try await client.coursesPage(PageCursor("https://school.example/api/v1/courses?page=2&per_page=100"))
        #expect(page.items.map(\.id) == [CourseID(2)])
        #expect(page.next == nil)
        #expect(http.sentRequests.first?.url.query == "page=2&per_page=100")
    }

    @Test func aNextLinkToAnotherServerIsRefusedSoTheTokenNeverLeaves() async {
        http.on("/api/v1/courses", .json("[]", link: #"<https://evil.example/steal>; rel="next""#))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client.coursesPage(nil) }
        #expect(events.names == ["unexpected_response"])
    }

    @Test func aCourseIsLoadedWithIncludesAndAnSISIDKeepsItsColon() async throws {
        http.on("/api/v1/courses/sis_course_id:A%20B", .json(#"{"id": 7, "name": "Art", "syllabus_body": "<p>Hi</p>"}"#))
        let id = try #require(CourseID("sis_course_id:A B"))
        #expect(try await client.syllabus(id) == "<p>Hi</p>")
        #expect(http.sentRequests.first?.url.query?.contains("syllabus_body") == true)
        #expect(try await client.course(id).name == "Art")
        #expect(http.sentRequests.last?.url.query?.contains("teachers") == true)
    }

    @Test(arguments: [
        (401, CanvasError.unauthorized(host: "school.example")),
        (404, CanvasError.courseNotFound(CourseID(9))),
        (403, CanvasError.forbidden(host: "school.example")),
        (500, CanvasError.server(host: "school.example", status: 500)),
        (503, CanvasError.server(host: "school.example", status: 503)),
    ])
    func statusesBecomeErrorsPeopleCanRead(status: Int, expected: CanvasError) async {
        http.on("/api/v1/courses/9", .json(#"{"errors": [{"message": "nope"}]}"#, status: status))
        await #expect(throws: expected) { try await client.course(CourseID(9)) }
    }

    @Test func aBodyThatIsNotJSONIsUnexpectedAndTheDetailsGoToTheEventLog() async {
        http.on("/api/v1/courses/3", .json("<html>oops"))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client.course(CourseID(3)) }
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
                .json(#"{"id": 5, "name": "Calm"}"#))
        let notes = NoteSpy()
        let course = try await LoadProgress.$reporter.withValue(notes.reporter) {
            try await client.course(CourseID(5))
        }
        #expect(course.name == "Calm")
        #expect(http.sentRequests.count == 3)
        #expect(notes.notes == [
            LoadProgress.Note(reason: "rate limited", retryAt: Date(timeIntervalSince1970: 1)),
            LoadProgress.Note(reason: "rate limited", retryAt: Date(timeIntervalSince1970: 3)),
            nil,
        ])
    }

    @Test func endlessThrottlingGivesUpWithAClearMessage() async {
        http.on("/api/v1/courses/5", HTTPResponse(status: 429))
        await #expect(throws: CanvasError.throttled(host: "school.example")) { try await client.course(CourseID(5)) }
        #expect(http.sentRequests.count == 7)
    }

    @Test func modulesFollowPagesAndLoadMissingItemsFromItemsURL() async throws {
        http.on("/modules/2/items", .json(#"[{"id": 21, "title": "Big reading", "type": "Page"}]"#))
        http.on("page=2", .json(#"[{"id": 2, "name": "One", "position": 1, "items_url": "https://school.example/api/v1/courses/1/modules/2/items"}]"#))
        http.on("/api/v1/courses/1/modules", .json(
            #"[{"id": 1, "name": "Two", "position": 2, "items": [{"id": 11, "title": "Quiz", "type": "Quiz"}]}]"#,
            link: #"<https://school.example/api/v1/courses/1/modules?page=2>; rel="next""#
        ))
        let modules = try await client.modules(CourseID(1))
        #expect(modules.map(\.name) == ["One", "Two"])
        #expect(modules[0].items.map(\.title) == ["Big reading"])
        #expect(http.sentRequests.last?.url.query == "per_page=100")
    }

    @Test func paginationThatLoopsBackIsAnErrorNotAHang() async {
        http.on("/api/v1/courses/1/modules", .json("[]", link: #"<https://school.example/api/v1/courses/1/modules?include%5B%5D=items&per_page=100>; rel="next""#))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client.modules(CourseID(1)) }
        #expect(http.sentRequests.count <= 2)
    }

    @Test func networkErrorsPassThroughUnchanged() async {
        await #expect(throws: NetworkError.unreachable(host: "school.example")) { try await client.course(CourseID(1)) }
    }
}

/// Collects analytics events.
final class EventSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [AnalyticsEvent] = []
    var analytics: Analytics { Analytics { event in self.lock.withLock { self.stored.append(event) } } }
    var events: [AnalyticsEvent] { lock.withLock { stored } }
    var names: [String] { events.map(\.name) }
}

/// Collects progress notes.
final class NoteSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LoadProgress.Note?] = []
    var reporter: @Sendable (LoadProgress.Note?) -> Void { { note in self.lock.withLock { self.stored.append(note) } } }
    var notes: [LoadProgress.Note?] { lock.withLock { stored } }
}
