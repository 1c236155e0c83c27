import Foundation
import Testing
import FakeCanvasKit
@testable import HTTP

/// A server that acts on a request and then closes the kept-alive connection it came on
/// without a byte of answer (the fake's `drop_reply`, as a proxy that times out does):
/// libcurl sends an ordinary request again by itself, and must not send one marked
/// `isSentAtMostOnce` again. Two guards see to that, and each is tried alone: the request goes
/// out on a connection of its own, and its body refuses to rewind.
@Suite(.timeLimit(.minutes(3)))
struct CurlSendOnceTests {
    let engine = HTTPEngine()
    static let startUpload = "/api/v1/courses/1/files"

    /// A client that has read a course from `server`, so a connection is kept, and a POST
    /// starting an upload, sent at most once or not.
    private func keptConnection(to server: FakeCanvasServer, atMostOnce: Bool) async throws -> (HTTPClient, HTTPRequest) {
        let client = HTTPClient.curl(engine, timeouts: HTTPTimeouts(request: .seconds(10)))
        let auth = ["Authorization": "Bearer \(server.token)"]
        let course = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/courses/1"), headers: auth))
        try #require(course.status == 200)
        let post = HTTPRequest(
            method: "POST", url: server.baseURL.appendingPathComponent(Self.startUpload),
            headers: auth.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
            body: Data("name=notes.txt&size=5".utf8), isSentAtMostOnce: atMostOnce
        )
        return (client, post)
    }

    /// Reads a course, so a connection is kept, then POSTs with the reply dropped; returns the
    /// outcome and how many times the server saw the POST.
    private func postWithDroppedReply(atMostOnce: Bool) async throws -> (Result<HTTPResponse, any Error>, Int) {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let (client, post) = try await keptConnection(to: server, atMostOnce: atMostOnce)
        try await server.fault(#"{"match": "\#(Self.startUpload)", "method": "POST", "kind": "drop_reply"}"#)
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

    /// After a course is read on a kept connection, a POST goes out on `connections` connections in all.
    private func connectionsAfterPost(atMostOnce: Bool) async throws -> Int {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let (client, post) = try await keptConnection(to: server, atMostOnce: atMostOnce)
        try #require(try await client.send(post).status == 200)
        return try await server.connections().most
    }

    /// A new connection is not a reused one, so libcurl's silent retry never starts.
    @Test func aRequestSentAtMostOnceGoesOutOnAConnectionOfItsOwn() async throws {
        #expect(try await connectionsAfterPost(atMostOnce: true) == 2)
        #expect(try await connectionsAfterPost(atMostOnce: false) == 1, "an ordinary request reuses the kept one")
    }

    /// Whatever connection it went out on, libcurl can't send the body again: it can't move back.
    @Test func theBodyOfARequestSentAtMostOnceRefusesToRewind() throws {
        for atMostOnce in [true, false] {
            let body = Data("name=notes.txt&size=5".utf8)
            let request = HTTPRequest(method: "POST", url: URL(fileURLWithPath: "/"), body: body, isSentAtMostOnce: atMostOnce)
            let transfer = CurlTransfer(
                request: request, body: UploadBody([.bytes(body)]), connectTimeout: .seconds(1),
                deadline: .total(.seconds(1)), maxBodyBytes: 1 << 20, progress: nil
            )
            var buffer = [UInt8](repeating: 0, count: 64)
            let sent = buffer.withUnsafeMutableBytes { transfer.reader?.read(into: $0) }
            #expect(sent == body.count)
            #expect(transfer.reader?.seek(to: 0) == !atMostOnce, "at most once: \(atMostOnce)")
        }
    }
}
