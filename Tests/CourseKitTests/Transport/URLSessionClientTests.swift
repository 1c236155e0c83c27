import Foundation
import FakeCanvasKit
import Testing
@testable import CourseKit

/// The live URLSession client against the loopback fake Canvas: no redirects followed,
/// uploads streamed from a file, and timeouts and cancellation as `NetworkError`s.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionClientTests {
    let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    /// Runs step 1 by hand and writes the step-2 form for `payload`; returns the request and body file.
    private func preparedUpload(on server: FakeCanvasServer, http: HTTPClient, payload: URL) async throws -> (HTTPRequest, URL) {
        let ticketURL = server.baseURL.appendingPathComponent("/api/v1/courses/42/files")
        let answer = try await http.send(HTTPRequest(
            method: "POST", url: ticketURL,
            headers: ["Authorization": "Bearer \(server.token)", "Content-Type": "application/x-www-form-urlencoded"],
            body: Data("name=a.bin&on_duplicate=overwrite".utf8)
        ))
        let json = try #require(CanvasAPI.UploadJSON.parse(answer.body))
        let address = try #require(json["upload_url"]?.string)
        let uploadURL = try #require(URL(string: address))
        guard case let .object(members)? = json["upload_params"] else {
            throw UnexpectedAnswer()
        }
        let form = MultipartForm(fields: members.compactMap { member in member.value.formValue.map { (member.key, $0) } },
                                 fileField: "file", fileName: "a.bin", fileContentType: "application/octet-stream")
        let body = folder.url.appendingPathComponent("body.tmp")
        _ = try form.write(payload: payload, to: body, isCancelled: { false })
        return (HTTPRequest(method: "POST", url: uploadURL, headers: ["Content-Type": form.contentType]), body)
    }

    struct UnexpectedAnswer: Error {}

    @Test func anUploadStreamsTheFileAndARedirectReachesTheCaller() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let http = HTTPClient.urlSession(timeouts: HTTPTimeouts(request: .seconds(10)))
        let (request, body) = try await preparedUpload(on: server, http: http, payload: try folder.payload(size: 3_000_000))
        let progress = ProgressSpy()
        let response = try await http.upload(request, body, progress.report)
        #expect(response.status == 301)
        #expect(response.header("Location")?.contains("/create_success?uuid=") == true)
        let bodySize = try #require(UploadTransport.Files.size(of: body))
        #expect(progress.values.last == bodySize)
        #expect(progress.values == progress.values.sorted())
        // Not followed: the file store answered, nobody asked Canvas to confirm.
        #expect(try await server.requests().contains { $0.isStep3 } == false)
    }

    @Test func anUploadThatHearsNothingForTheTimeoutTimesOut() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let http = HTTPClient.urlSession(timeouts: HTTPTimeouts(request: .seconds(1)))
        let (request, body) = try await preparedUpload(on: server, http: http, payload: try folder.payload(size: 1000))
        try await server.fault(#"{"match": "/files_api/upload/", "kind": "slow", "seconds": 4}"#)
        let start = Date()
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 1)) { try await http.upload(request, body) { _ in } }
        #expect(Date().timeIntervalSince(start) < 3.5, "well before the server would answer")
    }

    @Test func aSendIsLimitedInTotal() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "/api/v1/courses/1", "kind": "slow", "seconds": 3}"#)
        let http = HTTPClient.urlSession(timeouts: HTTPTimeouts(request: .seconds(1)))
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/courses/1"), headers: ["Authorization": "Bearer \(server.token)"])
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 1)) { try await http.send(request) }
    }

    @Test func cancellingAnUploadEndsItPromptly() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let http = HTTPClient.urlSession(timeouts: HTTPTimeouts(request: .seconds(10)))
        let (request, body) = try await preparedUpload(on: server, http: http, payload: try folder.payload(size: 1000))
        try await server.fault(#"{"match": "/files_api/upload/", "kind": "slow", "seconds": 4}"#)
        let task = Task { try await http.upload(request, body) { _ in } }
        try await Task.sleep(for: .milliseconds(300))
        let start = Date()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(Date().timeIntervalSince(start) < 2, "long before the server would answer")
    }

    @Test func aServerThatIsDownIsUnreachable() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        try await server.control("POST", "/__control/down")
        let http = HTTPClient.urlSession(timeouts: HTTPTimeouts(request: .seconds(5)))
        await #expect(throws: NetworkError.unreachable(host: "127.0.0.1")) {
            try await http.send(HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/courses")))
        }
        await #expect(throws: NetworkError.unreachable(host: "127.0.0.1")) {
            try await http.upload(HTTPRequest(method: "POST", url: server.baseURL.appendingPathComponent("/files_api/upload/x")),
                                  try folder.payload(size: 10)) { _ in }
        }
    }

    @Test func theFallbackClientsStillFailAsTheySay() async throws {
        defer { folder.remove() }
        let request = HTTPRequest(url: try #require(URL(string: "https://school.example/x")))
        await #expect(throws: Unimplemented("HTTPClient.send")) { try await HTTPClient.unimplemented.send(request) }
        await #expect(throws: Unimplemented("HTTPClient.upload")) { try await HTTPClient.unimplemented.upload(request, folder.url) { _ in } }
        await #expect(throws: NetworkError.unreachable(host: "school.example")) { try await HTTPClient.offline.upload(request, folder.url) { _ in } }
        await #expect(throws: Unimplemented("HTTPClient.upload")) {
            try await HTTPClient { _ in HTTPResponse(status: 200) }.upload(request, folder.url) { _ in }
        }
    }
}
