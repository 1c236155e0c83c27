import Foundation
import Testing
import FakeCanvasKit
import HTTP
import TestSupport

/// Over HTTP/1.1 every request in flight needs a connection of its own; the engine keeps to six
/// a host, as browsers do, and libcurl queues the rest until one is free.
@Suite(.timeLimit(.minutes(3)))
struct CurlConnectionCapTests {
    let engine = HTTPEngine()

    @Test func tenRequestsAtOnceOverPlainHTTPUseSixConnectionsAndAllAreAnswered() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let client = HTTPClient.curl(engine, timeouts: HTTPTimeouts(request: .seconds(60)))
        let auth = ["Authorization": "Bearer \(server.token)"]
        // Every course request is held until the faults are cleared, so none frees its connection early.
        try await server.fault(#"{"match": "/api/v1/courses/", "kind": "hold", "count": -1, "seconds": 60}"#)
        let answers = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for course in 1...10 {
                    group.addTask {
                        try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/courses/\(course)"), headers: auth)).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        try await eventually("six requests reach the server") { try await server.requests().count >= 6 }
        // Time for any request beyond the six to open a connection of its own, were it let.
        try await Task.sleep(for: .milliseconds(500))
        let held = try await server.connections()
        #expect(held.open == 6)
        #expect(try await server.requests().count == 6, "the other four wait in libcurl's queue")
        try await server.control("DELETE", "/__control/faults")
        let statuses = try await answers.value
        #expect(statuses == Array(repeating: 200, count: 10))
        #expect(try await server.requests().count == 10)
        #expect(try await server.connections().most == 6)
    }
}
