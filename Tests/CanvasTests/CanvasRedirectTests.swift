import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// `CanvasAPI.send` follows redirects itself, since the HTTP client no longer does,
/// and never lets the token leave Canvas's origin.
struct CanvasRedirectTests {
    let http = ScriptedHTTP()
    let events = EventSpy()

    private func client() throws -> CourseClient {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"), http: http.client,
                clock: .fixed(Date(timeIntervalSince1970: 0)), analytics: events.analytics))
    }

    @Test func aSameOriginRedirectIsFollowedWithTheToken() async throws {
        http.on("GET", "/api/v1/courses/700", .text(#"{"id": 700, "name": "Moved"}"#))
        http.on("GET", "/api/v1/courses/70?", .text("", status: 302, headers: ["Location": "/api/v1/courses/700"]))
        http.on("GET", "/api/v1/courses/7?", .text("", status: 301, headers: ["Location": "https://school.example/api/v1/courses/70?include%5B%5D=term"]))
        #expect(try await client().course(CourseID(7), .ignored).name == "Moved")
        #expect(http.requests.map(\.request.url.path) == ["/api/v1/courses/7", "/api/v1/courses/70", "/api/v1/courses/700"])
        #expect(http.requests.allSatisfy { $0.authorization == "Bearer s3cret" })
    }

    @Test func aRedirectWithTheDefaultPortWrittenOutIsTheSameOrigin() async throws {
        http.on("GET", "/api/v1/courses/7?", .text("", status: 307, headers: ["Location": "https://SCHOOL.example:443/api/v1/courses/8"]))
        http.on("GET", "/api/v1/courses/8", .text(#"{"id": 8, "name": "Eight"}"#))
        #expect(try await client().course(CourseID(7), .ignored).name == "Eight")
    }

    @Test(arguments: [
        "https://evil.example/api/v1/courses/7",
        "http://school.example/api/v1/courses/7",
        "https://school.example:8443/api/v1/courses/7",
    ])
    func aRedirectToAnotherOriginIsRefusedAndNeverRequested(location: String) async throws {
        http.on("GET", "/api/v1/courses/7", .text("", status: 301, headers: ["Location": location]))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client().course(CourseID(7), .ignored) }
        #expect(http.requests.count == 1)
        #expect(events.names == ["unexpected_response"])
    }

    @Test func moreThanFiveRedirectsIsAnErrorNotALoop() async throws {
        http.on("GET", "/api/v1/courses/7", .text("", status: 302, headers: ["Location": "/api/v1/courses/7"]))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client().course(CourseID(7), .ignored) }
        #expect(http.requests.count == 6, "the first request and five redirects, then no more")
    }

    @Test func aRedirectWithoutLocationIsUnexpected() async throws {
        http.on("GET", "/api/v1/courses/7", .text("", status: 302))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await client().course(CourseID(7), .ignored) }
    }
}
