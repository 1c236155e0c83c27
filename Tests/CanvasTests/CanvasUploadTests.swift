import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// The three-step Canvas upload against an in-memory HTTP client.
struct CanvasUploadTests {
    let http = ScriptedHTTP()
    let events = EventSpy()
    let folder: ScratchFolder
    static let ticket = #"""
    {"upload_url": "https://files.example/upload/abc", "file_param": "file",
     "upload_params": {"x-amz-date": "20260101T000000Z", "key": "courses/42/essay.pdf", "policy": "cG9saWN5",
                       "signature": "c2ln", "acl": "private", "size_limit": 1.50, "public": false, "unused": null}}
    """#
    static let confirmed = #"{"id": 9, "display_name": "essay.pdf", "size": 5000}"#
    static let canvasLocation = "https://school.example/api/v1/files/9/create_success?uuid=u"

    init() throws {
        folder = try ScratchFolder()
    }

    private func transport(clock: WallClock = .fixed(Date(timeIntervalSince1970: 1_000_000))) throws -> UploadTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"), http: http.client, clock: clock, analytics: events.analytics))
    }

    /// Scripts a successful exchange whose step 2 answers `answer`.
    private func scriptSuccess(step2 answer: HTTPResponse = .text("", status: 301, headers: ["Location": canvasLocation])) {
        http.on("POST", "/api/v1/courses/42/files", .text(Self.ticket))
        http.on("POST", "files.example/upload/abc", answer)
        http.on("GET", "/api/v1/files/9", .text(Self.confirmed))
    }

    @Test func theThreeStepsRunInOrderAndTheTokenGoesOnlyToCanvas() async throws {
        defer { folder.remove() }
        scriptSuccess()
        let payload = try folder.payload("essay.pdf", size: 5000)
        try await transport().upload(uploadJob(), payload) { _ in }
        let sent = http.requests
        #expect(sent.map { "\($0.request.method) \($0.request.url.absoluteString)" } == [
            "POST https://school.example/api/v1/courses/42/files",
            "POST https://files.example/upload/abc",
            "GET \(Self.canvasLocation)",
        ])
        #expect(sent.map(\.authorization) == ["Bearer s3cret", nil, "Bearer s3cret"])
        #expect(sent.map(\.isUpload) == [false, true, false])
        let form = formFields(sent[0].request.body)
        #expect(form.map(\.0) == ["name", "size", "content_type", "parent_folder_path", "on_duplicate"])
        #expect(form.map(\.1) == ["essay.pdf", "5000", "application/pdf", "coursebrowser uploads", "overwrite"])
        #expect(sent[0].request.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func theMultipartBodyHasEveryUploadParamInOrderThenTheFile() async throws {
        defer { folder.remove() }
        scriptSuccess()
        let payload = try folder.payload("essay.pdf", size: 5000)
        try await transport().upload(uploadJob(), payload) { _ in }
        let step2 = try #require(http.requests.dropFirst().first)
        let contentType = try #require(step2.request.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let uploaded = try #require(step2.uploadedBody)
        let body = try #require(ParsedMultipart(uploaded, contentType: contentType))
        #expect(body.closed)
        #expect(body.parts.map(\.name) == ["x-amz-date", "key", "policy", "signature", "acl", "size_limit", "public", "file"])
        #expect(body.parts.dropLast().map { String(decoding: $0.body, as: UTF8.self) }
            == ["20260101T000000Z", "courses/42/essay.pdf", "cG9saWN5", "c2ln", "private", "1.50", "false"])
        let file = try #require(body.parts.last)
        #expect(file.fileName == "essay.pdf")
        #expect(file.headers["content-type"] == "application/pdf")
        #expect(file.body == (try Data(contentsOf: payload)))
    }

    @Test func aFileNameWithQuotesAndLineBreaksCannotBreakTheForm() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(Self.ticket))
        http.on("POST", "files.example/upload/abc", .text("", status: 301, headers: ["Location": Self.canvasLocation]))
        http.on("GET", "/api/v1/files/9", .text(#"{"id": 9, "size": 10}"#))
        let payload = try folder.payload(size: 10)
        try await transport().upload(uploadJob("a\"b\r\nX: y.txt"), payload) { _ in }
        let step2 = try #require(http.requests.dropFirst().first)
        let uploaded = try #require(step2.uploadedBody)
        let contentType = try #require(step2.request.headers["Content-Type"])
        let body = try #require(ParsedMultipart(uploaded, contentType: contentType))
        #expect(body.parts.last?.fileName == "a%22b%0D%0AX: y.txt")
        #expect(body.parts.last?.headers["x"] == nil)
    }

    @Test func a201IsConfirmedThroughItsLocationWithTheToken() async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text(Self.confirmed, status: 201, headers: ["Location": "https://school.example/api/v1/files/9"]))
        try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        let last = try #require(http.requests.last)
        #expect(last.request.method == "GET")
        #expect(last.request.url.absoluteString == "https://school.example/api/v1/files/9")
        #expect(last.authorization == "Bearer s3cret")
    }

    @Test func a201WhoseLocationCantBeReadStillCountsWhenItsBodyIsTheFile() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(Self.ticket))
        http.on("POST", "files.example/upload/abc", .text(Self.confirmed, status: 201, headers: ["Location": "https://school.example/api/v1/files/9"]))
        http.on("GET", "/api/v1/files/9", answering: { _ in throw NetworkError.unreachable(host: "school.example") })
        try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        #expect(http.requests.count == 3)
    }

    @Test func a201OnAnotherOriginIsTakenFromItsBodyWithoutSendingTheToken() async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text(Self.confirmed, status: 201, headers: ["Location": "https://files.example/files/9"]))
        try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        #expect(http.requests.count == 2)
    }

    @Test func a201WithNeitherAFileNorAReadableLocationIsUnexpected() async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text("<html>ok</html>", status: 201))
        await #expect(throws: CanvasError.unexpectedResponse(host: "files.example")) {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        }
    }

    @Test func aRedirectToAnotherOriginIsRefusedWithoutSendingTheToken() async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text("", status: 302, headers: ["Location": "https://evil.example/api/v1/files/9/create_success"]))
        let error = await #expect(throws: CanvasUploadError.confirmationElsewhere(host: "evil.example")) {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        }
        #expect(!UploadFailure.isTransient(try #require(error)))
        #expect(!http.requests.contains { $0.request.url.host == "evil.example" })
        #expect(events.names.contains("unexpected_response"))
    }

    @Test func aRelativeRedirectIsResolvedAgainstTheUploadURL() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(#"{"upload_url": "https://school.example/files_api/abc", "upload_params": {"key": "k"}}"#))
        http.on("POST", "/files_api/abc", .text("", status: 303, headers: ["Location": "/api/v1/files/9/create_success?uuid=u"]))
        http.on("GET", "/api/v1/files/9", .text(Self.confirmed))
        try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        #expect(http.requests.last?.request.url.absoluteString == Self.canvasLocation)
    }

    @Test func aSignatureOlderThanThirtyMinutesStartsOverFromStepOneOnce() async throws {
        defer { folder.remove() }
        scriptSuccess()
        // Step 1 reads the clock, which then jumps 31 minutes before step 2 would start.
        let clock = SteppingClock(steps: [31 * 60])
        try await transport(clock: clock.clock).upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        let sent = http.requests
        #expect(sent.filter { $0.request.url.path.hasSuffix("/courses/42/files") }.count == 2)
        #expect(sent.filter(\.isUpload).count == 1)
        #expect(events.names.contains("upload_restarted"))
    }

    @Test func anExpiredAnswerStartsOverOnceThenIsReportedAsTransient() async throws {
        defer { folder.remove() }
        let expired = "<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>"
        scriptSuccess(step2: .text(expired, status: 403))
        let error = await #expect(throws: CanvasUploadError.signatureExpired(host: "files.example")) {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        }
        #expect(http.requests.filter(\.isUpload).count == 2)
        #expect(http.requests.filter { $0.request.url.path.hasSuffix("/files") }.count == 2)
        #expect(UploadFailure.isTransient(try #require(error)))
    }

    @Test func anExpiredAnswerFollowedBySuccessUploadsOnce() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(Self.ticket))
        http.on("POST", "files.example/upload/abc",
                .text(#"{"message": "expired: the upload signature is no longer valid"}"#, status: 400),
                .text("", status: 301, headers: ["Location": Self.canvasLocation]))
        http.on("GET", "/api/v1/files/9", .text(Self.confirmed))
        try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        #expect(http.requests.filter(\.isUpload).count == 2)
        #expect(http.requests.last?.request.method == "GET")
    }

    @Test func aQuotaAnswerAtStepOneIsTooLargeAndPermanent() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(#"{"message": "file size exceeds quota"}"#, status: 400))
        let error = await #expect(throws: CanvasUploadError.tooLarge(fileName: "essay.pdf")) {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        }
        #expect(!UploadFailure.isTransient(try #require(error)))
        #expect(error?.userMessage == "File too large for this course (quota): essay.pdf")
    }

    @Test func aSizeLimitAtTheFileStoreIsTooLarge() async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text("<Error><Code>EntityTooLarge</Code></Error>", status: 400))
        await #expect(throws: CanvasUploadError.tooLarge(fileName: "essay.pdf")) {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        }
    }

    @Test(arguments: [
        (401, CanvasError.invalidToken(host: "school.example", source: "CANVAS_TOKEN") as any Error),
        (403, CanvasError.notPermitted(.courseFiles(CourseID(42)))),
        (404, CanvasError.notFound(.courseFiles(CourseID(42)))),
        (500, CanvasError.server(host: "school.example", status: 500)),
    ])
    func stepOneStatusesBecomeCanvasErrors(status: Int, expected: any Error) async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(#"{"errors": [{"message": "no"}]}"#, status: status))
        do {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
            Issue.record("expected \(expected)")
        } catch {
            #expect(userMessage(for: error) == userMessage(for: expected))
            #expect(!userMessage(for: error).contains("s3cret"))
        }
        #expect(http.requests.count == 1)
    }

    @Test func throttlingAtStepOneIsWaitedOut() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text("403 Forbidden (Rate Limit Exceeded)", status: 403), .text(Self.ticket))
        http.on("POST", "files.example/upload/abc", .text("", status: 301, headers: ["Location": Self.canvasLocation]))
        http.on("GET", "/api/v1/files/9", .text(Self.confirmed))
        try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        #expect(http.requests.count == 4)
    }

    @Test(arguments: [
        (500, CanvasError.server(host: "files.example", status: 500) as any Error, true),
        (400, CanvasUploadError.rejected(host: "files.example", status: 400), false),
        (429, CanvasError.throttled(host: "files.example", retryAfter: nil), true),
    ])
    func fileStoreFailuresAreClassified(status: Int, expected: any Error, transient: Bool) async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text("<Error><Code>Nope</Code></Error>", status: status))
        do {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
            Issue.record("expected \(expected)")
        } catch {
            #expect(userMessage(for: error) == userMessage(for: expected))
            #expect(UploadFailure.isTransient(error) == transient)
        }
    }

    @Test func aMissingPayloadIsPermanentAndSendsNothing() async throws {
        defer { folder.remove() }
        let error = await #expect(throws: UploadError.payloadMissing(fileName: "essay.pdf")) {
            try await transport().upload(uploadJob(), folder.url.appendingPathComponent("gone.bin")) { _ in }
        }
        #expect(http.requests.isEmpty)
        #expect(!UploadFailure.isTransient(try #require(error)))
    }

    @Test func aConfirmedFileOfAnotherSizeIsARetryableMismatch() async throws {
        defer { folder.remove() }
        http.on("POST", "/api/v1/courses/42/files", .text(Self.ticket))
        http.on("POST", "files.example/upload/abc", .text("", status: 301, headers: ["Location": Self.canvasLocation]))
        http.on("GET", "/api/v1/files/9", .text(#"while(1);{"id": 9, "size": 4096}"#))
        let error = await #expect(throws: CanvasUploadError.sizeMismatch(fileName: "essay.pdf", host: "school.example")) {
            try await transport().upload(uploadJob(), try folder.payload(size: 5000)) { _ in }
        }
        #expect(UploadFailure.isTransient(try #require(error)))
    }

    @Test func progressCountsPayloadBytesOnlyAndEndsAtTheSize() async throws {
        defer { folder.remove() }
        scriptSuccess()
        http.progressSteps = [0, 0.01, 0.5, 1]
        let progress = Recorder<Int64>()
        try await transport().upload(uploadJob(), try folder.payload(size: 5000), progress.record)
        let values = progress.values
        #expect(values.first == 0)
        #expect(values.last == 5000)
        #expect(values == values.sorted())
        #expect(values.allSatisfy { (0...5000).contains($0) })
    }

    @Test func theFileIsStreamedFromTheQueuesCopyWithoutAnotherCopy() async throws {
        defer { folder.remove() }
        scriptSuccess(step2: .text("", status: 301, headers: ["Location": Self.canvasLocation]))
        let payload = try folder.payload(size: 5000)
        try await transport().upload(uploadJob(), payload) { _ in }
        let body = try #require(http.requests.first(where: \.isUpload)?.body)
        #expect(body.parts.count == 3)
        #expect(body.parts[1] == .file(payload, size: 5000), "the payload itself, between the form's text parts")
        #expect(folder.contents() == ["payload.bin"], "no scratch copy was written")
    }

    @Test func cancellingWhileTheBodyIsSentStopsTheUploadAndLeavesNothing() async throws {
        defer { folder.remove() }
        let payload = try folder.payload(size: 5000)
        let started = Gate()
        let blocking = HTTPClient(
            send: { _ in .text(Self.ticket) },
            upload: { _, _, _ in
                started.open()
                try await Task.sleep(for: .seconds(30))
                return .text("", status: 500)
            }
        )
        let transport = UploadTransport.canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                               http: blocking, clock: .fixed(Date()), analytics: .noOp))
        let task = Task { try await transport.upload(uploadJob(), payload) { _ in } }
        await started.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(folder.contents() == ["payload.bin"])
    }

    @Test func aPayloadThatCantBeReadWhileSendingIsMissingNotANetworkFailure() async throws {
        defer { folder.remove() }
        let payload = try folder.payload(size: 5000)
        let unreadable = HTTPClient(
            send: { _ in .text(Self.ticket) },
            upload: { _, _, _ in throw UploadBodyError(path: payload.path, reason: "Input/output error") }
        )
        let transport = UploadTransport.canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                               http: unreadable, clock: .fixed(Date()), analytics: .noOp))
        let error = await #expect(throws: UploadError.payloadMissing(fileName: "essay.pdf")) {
            try await transport.upload(uploadJob(), payload) { _ in }
        }
        #expect(!UploadFailure.isTransient(try #require(error)))
    }
}
