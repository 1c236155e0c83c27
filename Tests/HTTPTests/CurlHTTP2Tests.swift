import Foundation
import Testing
import FakeCanvasKit
import HTTP

/// Requests to a server that speaks HTTP/2 over TLS (the fake Canvas behind `h2_front.py`)
/// share one connection; a request sent at most once still gets one of its own.
@Suite(.timeLimit(.minutes(3)))
struct CurlHTTP2Tests {
    let engine = HTTPEngine(caBundle: H2FrontServer.caBundle)

    /// A fake Canvas with the TLS front before it; stop both with `stop()`.
    struct Servers {
        let canvas: FakeCanvasServer
        let front: H2FrontServer

        init(latencyMilliseconds: Int = 0) throws {
            canvas = try FakeCanvasServer()
            do {
                front = try H2FrontServer(upstream: canvas.baseURL, latencyMilliseconds: latencyMilliseconds)
            } catch {
                canvas.stop()
                throw error
            }
        }

        var auth: [String: String] { ["Authorization": "Bearer \(canvas.token)"] }

        func stop() {
            front.stop()
            canvas.stop()
        }
    }

    /// Ten requests started together, each answered after 100 ms so they overlap: with each
    /// on a connection of its own the front would count ten.
    @Test func requestsStartedTogetherAreStreamsOnOneHTTP2Connection() async throws {
        let servers = try Servers(latencyMilliseconds: 100)
        defer { servers.stop() }
        let client = HTTPClient.curl(engine)
        let (front, auth) = (servers.front.baseURL, servers.auth)
        let responses = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for course in 1...10 {
                group.addTask {
                    try await client.send(HTTPRequest(url: front.appendingPathComponent("/api/v1/courses/\(course)"), headers: auth))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(responses.count == 10)
        #expect(responses.allSatisfy { $0.status == 200 })
        #expect(responses.map(\.httpVersion) == Array(repeating: "2", count: 10))
        let log = try await servers.front.log()
        #expect(log.connections == 1)
        #expect(log.requests.count == 10)
        #expect(log.requests.allSatisfy { $0.protocol == "h2" && $0.connection == 1 })
    }

    /// The kept HTTP/2 connection is not reused for a hand-in's POST, which goes out alone
    /// over HTTP/1.1, so libcurl can't send it twice; the next ordinary request multiplexes again.
    @Test func aRequestSentAtMostOnceGetsAConnectionOfItsOwn() async throws {
        let servers = try Servers()
        defer { servers.stop() }
        let client = HTTPClient.curl(engine)
        let course = HTTPRequest(url: servers.front.baseURL.appendingPathComponent("/api/v1/courses/1"), headers: servers.auth)
        #expect(try await client.send(course).httpVersion == "2")
        let post = HTTPRequest(
            method: "POST", url: servers.front.baseURL.appendingPathComponent("/api/v1/courses/1/files"),
            headers: servers.auth.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
            body: Data("name=notes.txt&size=5".utf8), isSentAtMostOnce: true
        )
        let posted = try await client.send(post)
        #expect(posted.status == 200)
        #expect(posted.httpVersion == "1.1")
        #expect(try await client.send(course).httpVersion == "2")

        let log = try await servers.front.log()
        #expect(log.connections == 2)
        let byMethod = Dictionary(grouping: log.requests, by: \.method)
        let gets = try #require(byMethod["GET"])
        let posts = try #require(byMethod["POST"])
        #expect(gets.map(\.connection) == [1, 1])
        #expect(posts.map(\.connection) == [2])
        #expect(posts.map(\.protocol) == ["http/1.1"])
    }

    /// Plain HTTP has no HTTP/2 to offer (libcurl asks for it over TLS only): the fake Canvas
    /// itself answers over HTTP/1.1 as before.
    @Test func plainHTTPStaysHTTP1() async throws {
        let canvas = try FakeCanvasServer()
        defer { canvas.stop() }
        let client = HTTPClient.curl(engine)
        let response = try await client.send(HTTPRequest(
            url: canvas.baseURL.appendingPathComponent("/api/v1/courses/1"), headers: ["Authorization": "Bearer \(canvas.token)"]
        ))
        #expect(response.status == 200)
        #expect(response.httpVersion == "1.1")
    }

    /// A server whose certificate no trusted authority signed is still refused: naming a
    /// bundle adds trust, it never turns verification off.
    @Test func aCertificateOutsideTheBundleIsRefused() async throws {
        let servers = try Servers()
        defer { servers.stop() }
        let stranger = try H2FrontServer(upstream: servers.canvas.baseURL, trusted: false)
        defer { stranger.stop() }
        let client = HTTPClient.curl(engine)
        await #expect(throws: NetworkError.untrustedCertificate(host: "127.0.0.1")) {
            try await client.send(HTTPRequest(url: stranger.baseURL.appendingPathComponent("/api/v1/courses/1"), headers: servers.auth))
        }
    }
}
