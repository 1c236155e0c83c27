import Foundation
import Testing
@testable import Canvas
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport

/// Listings whose next link leads back to a page already read, spelled differently every time,
/// and listings that take too long: each stops with a `PagingError` after a page or two, not at
/// the page limit.
struct CanvasPagingLoopTests {
    static let base = URL(string: "https://school.example")!
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let modules = "https://school.example/api/v1/courses/1/modules"
    static let module = #"[{"id": 1, "name": "Week 1", "position": 1, "items": []}]"#

    /// A Canvas answering the `n`th request (from 1) to `url` with `answer`, a body and a next link;
    /// its clock reads `start` plus `secondsPerRequest` for each request answered so far.
    final class Listing: Sendable {
        let requested = Recorder<URL>()
        private let answer: @Sendable (_ n: Int, _ url: URL) -> (body: String, next: String?)
        private let secondsPerRequest: TimeInterval

        init(secondsPerRequest: TimeInterval = 0, answer: @escaping @Sendable (_ n: Int, _ url: URL) -> (body: String, next: String?)) {
            self.answer = answer
            self.secondsPerRequest = secondsPerRequest
        }

        var client: CourseClient {
            let http = HTTPClient { request in
                self.requested.append(request.url)
                let (body, next) = self.answer(self.requested.values.count, request.url)
                return .json(body, link: next.map { "<\($0)>; rel=\"next\"" })
            }
            let clock = WallClock(
                now: { CanvasPagingLoopTests.start.addingTimeInterval(Double(self.requested.values.count) * self.secondsPerRequest) },
                sleep: { _ in await Task.yield() }
            )
            return .canvas(CanvasConnection(baseURL: CanvasPagingLoopTests.base, credentials: .test("s3cret"), http: http, clock: clock, analytics: .noOp))
        }
    }

    // MARK: Links respelled

    @Test(arguments: [
        // The query in another order, brackets escaped or not, escapes in lower case.
        "https://school.example/api/v1/courses/1/modules?per_page=100&include%5B%5D=content_details&include%5B%5D=items",
        "https://school.example/api/v1/courses/1/modules?include[]=items&include[]=content_details&per_page=100",
        "https://school.example/api/v1/courses/1/modules?include%5b%5d=items&include%5b%5d=content_details&per_page=100",
        // A fragment, which is never sent; the scheme and host in capitals; the default port written out.
        "https://school.example/api/v1/courses/1/modules?include%5B%5D=items&include%5B%5D=content_details&per_page=100#top",
        "HTTPS://School.Example/api/v1/courses/1/modules?include%5B%5D=items&include%5B%5D=content_details&per_page=100",
        "https://school.example:443/api/v1/courses/1/modules?include%5B%5D=items&include%5B%5D=content_details&per_page=100",
        // Escaped letters in the path, and an empty pair.
        "https://school.example/api/v1/%63ourses/1/modules?include%5B%5D=items&&include%5B%5D=content_details&per_page=100",
    ])
    func aNextLinkBackToTheFirstPageSpelledAnotherWayIsALoop(spelling: String) async {
        let listing = Listing { _, _ in (Self.module, spelling) }
        await #expect(throws: PagingError.loopsBack) { try await listing.client.modules(CourseID(1), .ignored) }
        #expect(listing.requested.values.count == 1, "the respelled link is known before it is followed")
    }

    @Test func aPageThatComesBackUnderAnAddedParameterIsALoop() async {
        let listing = Listing { n, _ in (Self.module, Self.modules + "?page=1&per_page=100&x=\(n)") }
        await #expect(throws: PagingError.loopsBack) { try await listing.client.modules(CourseID(1), .ignored) }
        #expect(listing.requested.values.count == 2, "the second page says just what the first said")
    }

    @Test func aPageThatComesBackUnderAFreshPageTokenIsALoop() async {
        let essay = #"[{"id": 7, "name": "Essay", "submission_types": ["online_upload"]}]"#
        let listing = Listing { n, _ in (essay, "https://school.example/api/v1/courses/1/assignments?page=bookmark:WzEwXQ&page_token=\(UUID().uuidString)-\(n)") }
        await #expect(throws: PagingError.loopsBack) { try await listing.client.assignments(CourseID(1), .ignored) }
        #expect(listing.requested.values.filter { $0.path.hasSuffix("/assignments") }.count == 2)
    }

    @Test func aLoopThroughTwoPagesIsFoundToo() async {
        // Page A links to B and B back to A, each time with a new cache buster.
        let listing = Listing { n, _ in
            let body = n % 2 == 1 ? Self.module : #"[{"id": 2, "name": "Week 2", "position": 2, "items": []}]"#
            return (body, Self.modules + "?page=\(n % 2 + 1)&t=\(n)")
        }
        await #expect(throws: PagingError.loopsBack) { try await listing.client.modules(CourseID(1), .ignored) }
        #expect(listing.requested.values.count == 3)
    }

    // MARK: Listings that are fine

    @Test func emptyPagesInARowAreNotALoop() async throws {
        // Canvas filters some listings after cutting them into pages, so a page may come back empty.
        let listing = Listing { n, _ in
            n < 4 ? ("[]", Self.modules + "?page=\(n + 1)") : (Self.module, nil)
        }
        let modules = try await listing.client.modules(CourseID(1), .ignored)
        #expect(modules.map(\.name) == ["Week 1"])
        #expect(listing.requested.values.count == 4)
    }

    @Test func pagesThatDifferAreReadToTheEnd() async throws {
        let listing = Listing { n, _ in
            (#"[{"id": \#(n), "name": "Week \#(n)", "position": \#(n), "items": []}]"#, n < 3 ? Self.modules + "?page=\(n + 1)" : nil)
        }
        #expect(try await listing.client.modules(CourseID(1), .ignored).map(\.name) == ["Week 1", "Week 2", "Week 3"])
    }

    // MARK: Time

    @Test func aListingStillGoingAfterTheTimeLimitStops() async {
        // A page every two minutes, each new: only the clock can stop it, and the test's clock is made up.
        let listing = Listing(secondsPerRequest: 121) { n, _ in
            (#"[{"id": \#(n), "name": "Week \#(n)", "position": \#(n), "items": []}]"#, Self.modules + "?page=\(n + 1)")
        }
        await #expect(throws: PagingError.tookTooLong(limit: PagingError.timeLimit)) { try await listing.client.modules(CourseID(1), .ignored) }
        #expect(listing.requested.values.count == 5, "pages started within ten minutes are read")
        #expect(PagingError.tookTooLong(limit: PagingError.timeLimit).userMessage
            == "The list was still loading after 10 minutes")
    }

    // MARK: The course list, a page at a time

    @Test func theCourseListKeysEachPageByWhatItHoldsAndByListing() async throws {
        let body = #"[{"id": 1, "name": "Biology"}]"#
        let listing = Listing { n, url in
            // All reads the usual list, then the concluded enrollments, which here bring the same course.
            url.query?.contains("enrollment_state") == true ? (body, nil) : (body, "https://school.example/api/v1/courses?page=1&x=\(n)")
        }
        let client = listing.client
        let first = try await client.coursesPage(.all, nil, .ignored)
        let again = try await client.coursesPage(.all, first.next, .ignored)
        #expect(first.contentKey != nil)
        #expect(again.contentKey == first.contentKey, "the same page under another address")
        let empty = Listing { _, _ in ("[]", nil) }
        #expect(try await empty.client.coursesPage(.current, nil, .ignored).contentKey == nil, "an empty page proves nothing")
    }

    @Test func theConcludedListingsPagesAreKeyedApartFromTheUsualOnes() async throws {
        let body = #"[{"id": 1, "name": "Biology"}]"#
        let listing = Listing { _, _ in (body, nil) }
        let client = listing.client
        let usual = try await client.coursesPage(.all, nil, .ignored)
        let concluded = try await client.coursesPage(.all, usual.next, .ignored)
        #expect(usual.next != nil && concluded.next == nil)
        #expect(usual.contentKey != concluded.contentKey, "the same courses in both listings are no loop")
    }

    // MARK: Against the fake Canvas

    @Test(.timeLimit(.minutes(3))) func theFakeCanvassRespelledLoopStopsAtTheSecondPage() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.fault(#"{"match": "/api/v1/courses/1/modules", "kind": "link_loop_respelled", "count": -1}"#)
        let client = CourseClient.canvas(CanvasConnection(
            baseURL: server.baseURL, credentials: .test(server.token), http: .curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10))),
            clock: .live, analytics: .noOp))
        await #expect(throws: PagingError.loopsBack) { try await client.modules(CourseID(1), .ignored) }
        let modulePages = try await server.requests().filter { $0.path.hasPrefix("/api/v1/courses/1/modules") }
        #expect(modulePages.count == 2, "\(modulePages.map(\.path))")
    }
}
