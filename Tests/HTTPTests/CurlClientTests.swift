import Foundation
import Testing
import FakeCanvasKit
import HTTP
import TestSupport

/// The libcurl client against a server that misbehaves on purpose: bodies streamed from
/// files with their length, timeouts told apart, bounds on answers, cancellation that
/// really stops a transfer, and no redirect followed.
@Suite(.timeLimit(.minutes(3)))
struct CurlClientTests {
    let engine = HTTPEngine()

    func client(request: Duration = .seconds(10), connect: Duration = .seconds(10), maxAnswer: Int64 = HTTPClient.defaultMaxAnswerBytes) -> HTTPClient {
        .curl(engine, timeouts: HTTPTimeouts(connect: connect, request: request), maxAnswerBytes: maxAnswer)
    }

    struct Echo: Decodable {
        var length: Int
        var sha256: String
        var chunked: Bool
        var expect: String
    }

    @Test func anUploadStreamsItsPartsInOrderWithItsLengthAndReportsProgress() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.payload("payload.bin", size: 3_000_000)
        let head = Data("--boundary\r\nhead\r\n".utf8)
        let tail = Data("\r\n--boundary--\r\n".utf8)
        let body = UploadBody([.bytes(head), .file(file, size: 3_000_000), .bytes(tail)])
        let progress = Recorder<Int64>()
        let response = try await client().upload(HTTPRequest(method: "POST", url: server.url("/echo")), body) { progress.append($0) }
        #expect(response.status == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        var whole = head
        whole.append(try Data(contentsOf: file))
        whole.append(tail)
        #expect(echo.length == whole.count)
        let sent = folder.url.appendingPathComponent("sent.bin")
        try whole.write(to: sent)
        #expect(echo.sha256 == (try sha256(of: sent)))
        #expect(!echo.chunked, "file stores such as S3 refuse a chunked body")
        #expect(echo.expect.isEmpty, "no wait for 100 Continue")
        #expect(progress.values.last == Int64(whole.count))
        #expect(progress.values == progress.values.sorted())
    }

    @Test func aSendWithABodyPostsItAndARedirectReachesTheCallerUnfollowed() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let posted = try await client().send(HTTPRequest(method: "POST", url: server.url("/echo"), body: Data("name=a.txt".utf8)))
        #expect(try JSONDecoder().decode(Echo.self, from: posted.body).length == 10)
        let redirect = try await client().send(HTTPRequest(url: server.url("/redirect")))
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/elsewhere")
    }

    @Test func aCompressedAnswerArrivesDecoded() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let response = try await client().send(HTTPRequest(url: server.url("/gzip")))
        let courses = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]]
        #expect(courses?.count == 50)
    }

    @Test func anAnswerOverTheCapIsRefusedWithoutHoldingIt() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let host = "127.0.0.1"
        await #expect(throws: NetworkError.answerTooLarge(host: host, limit: 1_000_000)) {
            try await client(maxAnswer: 1_000_000).send(HTTPRequest(url: server.url("/huge").appending(queryItems: [URLQueryItem(name: "bytes", value: "50000000")])))
        }
        let fits = try await client(maxAnswer: 1_000_000).send(HTTPRequest(url: server.url("/huge").appending(queryItems: [URLQueryItem(name: "bytes", value: "999999")])))
        #expect(fits.body.count == 999_999)
    }

    @Test func aHostThatNeverAcceptsIsANoConnectionAfterTheConnectTimeout() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let start = ContinuousClock.now
        await #expect(throws: NetworkError.noConnection(host: "127.0.0.1", seconds: 1)) {
            try await client(request: .seconds(60), connect: .seconds(1)).send(HTTPRequest(url: server.unansweredURL))
        }
        #expect(ContinuousClock.now - start < .seconds(30), "the connect timeout, not the request's")
    }

    @Test func aServerThatAcceptsAndNeverAnswersTimesOutInTotal() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let start = ContinuousClock.now
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 1)) {
            try await client(request: .seconds(1)).send(HTTPRequest(url: server.url("/silent")))
        }
        #expect(ContinuousClock.now - start < .seconds(30), "the request's limit, not the server's silence")
    }

    /// A connection kept from an earlier request took no time to connect; a timeout on it is
    /// still the request's, not a failure to connect.
    @Test func aTimeoutOnAConnectionKeptFromAnEarlierRequestIsTheRequests() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let client = client(request: .seconds(1))
        _ = try await client.send(HTTPRequest(url: server.url("/connections")))
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 1)) {
            try await client.send(HTTPRequest(url: server.url("/silent")))
        }
    }

    @Test func anUploadThatHearsNothingForTheTimeoutTimesOut() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let body = UploadBody([.bytes(Data(repeating: 7, count: 1000))])
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 1)) {
            try await client(request: .seconds(1)).upload(HTTPRequest(method: "POST", url: server.url("/silent")), body) { _ in }
        }
    }

    @Test func aResetMidUploadIsUnreachableNotAHang() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.payload("big.bin", size: 20_000_000)
        await #expect(throws: NetworkError.unreachable(host: "127.0.0.1")) {
            try await client().upload(HTTPRequest(method: "POST", url: server.url("/reset-upload")), UploadBody([.file(file, size: 20_000_000)])) { _ in }
        }
    }

    @Test func aFileShorterThanAnnouncedFailsTheUploadNamingTheFile() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.payload("short.bin", size: 1000)
        do {
            _ = try await client().upload(HTTPRequest(method: "POST", url: server.url("/echo")), UploadBody([.file(file, size: 5000)])) { _ in }
            Issue.record("a short file was sent as complete")
        } catch let error as UploadBodyError {
            #expect(error.path == file.path)
        }
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let server = try HostileServer()
        let closed = server.baseURL
        server.stop()
        await #expect(throws: NetworkError.unreachable(host: "127.0.0.1")) { try await client().send(HTTPRequest(url: closed)) }
    }

    @Test func cancellingATransferEndsItPromptlyAndClosesItsConnection() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let client = client(request: .seconds(120))
        _ = try await client.send(HTTPRequest(url: server.url("/gzip")))
        let before = OpenFiles.count()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/silent"))) }
        try await eventually("the request to reach the server") {
            try await Self.openConnections(server, client) >= 2
        }
        let start = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - start < .seconds(60), "not the request's own time limit")
        try await eventually("the server to see the connection closed") {
            try await Self.openConnections(server, client) == 1
        }
        #expect(OpenFiles.count() <= before, "no descriptor left behind")
    }

    @Test func theFallbackClientsStillFailAsTheySay() async throws {
        let request = HTTPRequest(url: try #require(URL(string: "https://school.example/x")))
        let body = UploadBody([])
        await #expect(throws: HTTPClient.Unimplemented(endpoint: "HTTPClient.send")) { try await HTTPClient.unimplemented.send(request) }
        await #expect(throws: HTTPClient.Unimplemented(endpoint: "HTTPClient.upload")) { try await HTTPClient.unimplemented.upload(request, body) { _ in } }
        await #expect(throws: NetworkError.unreachable(host: "school.example")) { try await HTTPClient.offline.upload(request, body) { _ in } }
    }

    /// Connections the server has open, this question's own included.
    static func openConnections(_ server: HostileServer, _ client: HTTPClient) async throws -> Int {
        let answer = try await client.send(HTTPRequest(url: server.url("/connections"), headers: ["Connection": "close"]))
        let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Int]
        return object?["open"] ?? -1
    }
}

/// This process's open file descriptors.
enum OpenFiles {
    static func count() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}
