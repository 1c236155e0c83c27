import Foundation
import Testing
import FakeCanvasKit
import HTTP

/// A server that acts on a request and then closes the kept-alive connection it came on
/// without a byte of answer (the fake's `drop_reply`, as a proxy that times out does):
/// libcurl sends an ordinary request again by itself, and must not send one marked
/// `isSentAtMostOnce` again.
@Suite(.timeLimit(.minutes(3)))
struct CurlSendOnceTests {
    let engine = HTTPEngine()
    static let startUpload = "/api/v1/courses/1/files"

    /// Reads a course, so a connection is kept, then POSTs with the reply dropped; returns the
    /// outcome and how many times the server saw the POST.
    private func postWithDroppedReply(atMostOnce: Bool) async throws -> (Result<HTTPResponse, any Error>, Int) {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let client = HTTPClient.curl(engine, timeouts: HTTPTimeouts(request: .seconds(10)))
        let auth = ["Authorization": "Bearer \(server.token)"]
        let course = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/courses/1"), headers: auth))
        try #require(course.status == 200)
        try await server.fault(#"{"match": "\#(Self.startUpload)", "method": "POST", "kind": "drop_reply"}"#)
        let post = HTTPRequest(
            method: "POST", url: server.baseURL.appendingPathComponent(Self.startUpload),
            headers: auth.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
            body: Data("name=notes.txt&size=5".utf8), isSentAtMostOnce: atMostOnce
        )
        let outcome: Result<HTTPResponse, any Error>
        do {
            outcome = .success(try await client.send(post))
        } catch {
            outcome = .failure(error)
        }
        let seen = try await server.requests().filter { $0.method == "POST" && $0.path == Self.startUpload }.count
        return (outcome, seen)
    }

    @Test func aRequestSentAtMostOnceReachesTheServerOnceAndFails() async throws {
        let (outcome, seen) = try await postWithDroppedReply(atMostOnce: true)
        #expect(seen == 1)
        #expect(throws: NetworkError.unreachable(host: "127.0.0.1")) { try outcome.get() }
    }

    /// Why the mark exists, and proof that the fault reaches libcurl's silent retry: without
    /// the mark the server gets the same POST twice, and the caller hears only of the second.
    @Test func anOrdinaryRequestIsSentAgainByLibcurlOnAFreshConnection() async throws {
        let (outcome, seen) = try await postWithDroppedReply(atMostOnce: false)
        #expect(seen == 2)
        #expect(try outcome.get().status == 200)
    }
}
