import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// `UploadTransport.canvas` over real sockets against the loopback fake Canvas.
@Suite(.timeLimit(.minutes(3)))
struct CanvasUploadIntegrationTests {
    let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    private func transport(_ server: FakeCanvasServer, token: String? = nil, clock: WallClock = .live,
                           timeouts: HTTPTimeouts = HTTPTimeouts(request: .seconds(10)), events: EventSpy = EventSpy()) -> UploadTransport {
        .canvas(CanvasConnection(baseURL: server.baseURL, credentials: .test(token ?? server.token), http: .curl(HTTPEngine(), timeouts: timeouts), clock: clock, analytics: events.analytics))
    }

    /// The server holds exactly one confirmed copy of `payload`, named `name`, in the upload folder of course 42.
    private func expectOneCopy(on server: FakeCanvasServer, of payload: URL, named name: String) async throws {
        let files = try await server.files()
        #expect(files.count == 1)
        let file = try #require(files.first)
        #expect(file.name == name)
        #expect(file.course_id == 42)
        #expect(file.folder == CanvasAPI.uploadFolder)
        #expect(file.sha256 == (try sha256(of: payload)))
    }

    /// Step 2 never carried the token; steps 1 and 3 always did.
    private func expectTokenOnlyOnCanvas(_ server: FakeCanvasServer) async throws {
        let requests = try await server.requests()
        #expect(requests.contains { $0.isStep2 })
        for request in requests where request.isStep2 {
            #expect(!request.auth_present)
        }
        for request in requests where request.isStep1 || request.isStep3 {
            #expect(request.auth_valid)
        }
    }

    @Test(arguments: ["301", "201"])
    func anUploadIsConfirmedOnceWhateverTheFileStoreAnswers(answer: String) async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        try await server.configure(#"{"upload_answer": "\#(answer)"}"#)
        let payload = try folder.payload(size: 300_000)
        let progress = Recorder<Int64>()
        try await transport(server).upload(uploadJob("Bài tập 1.pdf"), payload, progress.record)
        try await expectOneCopy(on: server, of: payload, named: "Bài tập 1.pdf")
        try await expectTokenOnlyOnCanvas(server)
        let requests = try await server.requests()
        #expect(requests.filter(\.isStep3).count == 1)
        #expect(progress.values.last == 300_000)
        #expect(folder.contents() == ["payload.bin"])
    }

    /// A Canvas that keeps files itself takes them at its own `/files_api`, authorised by the
    /// signed policy of step 1, and confirms them as any other.
    @Test func aCanvasKeepingItsOwnFilesGetsTheFileAtItsOwnHostAndConfirmsItOnce() async throws {
        let server = try FakeCanvasServer(arguments: ["--store-on-canvas-host"])
        defer { server.stop(); folder.remove() }
        let payload = try folder.payload(size: 300_000)
        try await transport(server).upload(uploadJob("Bài tập 1.pdf"), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "Bài tập 1.pdf")
        try await expectTokenOnlyOnCanvas(server)
        let requests = try await server.requests()
        #expect(requests.filter(\.isStep2).map(\.store) == [false], "sent once, to Canvas's own host")
        #expect(requests.filter(\.isStep3).count == 1)
    }

    @Test func aServerThatIsDownThenBackGetsTheFileOnTheSecondAttempt() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let payload = try folder.payload(size: 200_000)
        let transport = transport(server)
        try await server.control("POST", "/__control/down")
        let error = await #expect(throws: NetworkError.self) { try await transport.upload(uploadJob(), payload) { _ in } }
        #expect(UploadFailure.isTransient(try #require(error)))
        #expect(error.map { userMessage(for: $0) } == "Can't reach 127.0.0.1")
        try await server.control("POST", "/__control/up")
        try await transport.upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
        try await expectTokenOnlyOnCanvas(server)
    }

    @Test func aConnectionCutMidUploadIsRetriedIntoOneCopy() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "/files_api/upload/", "kind": "reset", "count": 1}"#)
        let payload = try folder.payload(size: 2_000_000)
        let transport = transport(server)
        let error = await #expect(throws: NetworkError.self) { try await transport.upload(uploadJob(), payload) { _ in } }
        #expect(UploadFailure.isTransient(try #require(error)))
        #expect(error.map { userMessage(for: $0) }?.contains("127.0.0.1") == true)
        try await transport.upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
        try await expectTokenOnlyOnCanvas(server)
        #expect(try await server.requests().filter(\.isStep2).map(\.fault) == ["reset", nil])
        #expect(folder.contents() == ["payload.bin"])
    }

    @Test func aLostConfirmationIsRetriedIntoOneCopy() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "/create_success", "kind": "500", "count": 1}"#)
        let payload = try folder.payload(size: 100_000)
        let transport = transport(server)
        let error = await #expect(throws: CanvasError.self) { try await transport.upload(uploadJob(), payload) { _ in } }
        #expect(UploadFailure.isTransient(try #require(error)))
        try await transport.upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
    }

    @Test func anUploadRepeatedAfterSuccessStillLeavesOneCopy() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let payload = try folder.payload(size: 50_000)
        let transport = transport(server)
        // As when the app dies after Canvas confirmed but before the queue recorded it.
        try await transport.upload(uploadJob(), payload) { _ in }
        try await transport.upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
    }

    @Test func aSignatureTheServerCallsExpiredStartsOverOnce() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        // The first upload outlives its signature; the second has 10 s, time enough on a machine
        // running the whole suite at once (3 s once was not).
        try await server.configure(#"{"signature_ttl": 10}"#)
        try await server.fault(#"{"match": "/files_api/upload/", "kind": "slow", "seconds": 10.5, "count": 1}"#)
        let payload = try folder.payload(size: 100_000)
        try await transport(server).upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
        try await expectTokenOnlyOnCanvas(server)
        let requests = try await server.requests()
        #expect(requests.filter(\.isStep1).count == 2)
        #expect(requests.filter(\.isStep2).count == 2)
    }

    @Test func aSignatureThatExpiresTwiceIsTransientAndALaterAttemptWorks() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        // Both slow uploads outlive their signatures; the later attempt has 10 s, time enough on a
        // machine running the whole suite at once.
        try await server.configure(#"{"signature_ttl": 10}"#)
        try await server.fault(#"{"match": "/files_api/upload/", "kind": "slow", "seconds": 10.5, "count": 2}"#)
        let payload = try folder.payload(size: 100_000)
        let transport = transport(server)
        let error = await #expect(throws: CanvasUploadError.signatureExpired(host: server.baseURL.host.map { "\($0):\(server.baseURL.port ?? 0)" } ?? "")) {
            try await transport.upload(uploadJob(), payload) { _ in }
        }
        #expect(UploadFailure.isTransient(try #require(error)))
        #expect(try await server.files().isEmpty)
        try await transport.upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
    }

    @Test func aClockPastThirtyMinutesStartsOverWithoutSendingTheStaleSignature() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let payload = try folder.payload(size: 100_000)
        let clock = SteppingClock(steps: [31 * 60])
        try await transport(server, clock: clock.clock).upload(uploadJob(), payload) { _ in }
        try await expectOneCopy(on: server, of: payload, named: "essay.pdf")
        let requests = try await server.requests()
        #expect(requests.filter(\.isStep1).count == 2)
        #expect(requests.filter(\.isStep2).count == 1)
    }

    @Test func aTwentyMegabyteFileArrivesIntactWithSteadyProgress() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let size = 20 * (1 << 20)
        let payload = try folder.payload("lecture.mp4", size: size)
        let progress = Recorder<Int64>()
        try await transport(server).upload(uploadJob("lecture.mp4"), payload, progress.record)
        try await expectOneCopy(on: server, of: payload, named: "lecture.mp4")
        let values = progress.values
        #expect(values.count > 2)
        #expect(values == values.sorted())
        #expect(values.last == Int64(size))
        #expect(folder.contents() == ["lecture.mp4"])
    }

    @Test func aRejectedTokenAndAnUnknownCourseArePermanent() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let payload = try folder.payload(size: 1000)
        let host = "127.0.0.1:\(server.baseURL.port ?? 0)"
        let wrongToken = await #expect(throws: CanvasError.invalidToken(host: host, source: "CANVAS_TOKEN")) {
            try await transport(server, token: "not-the-token").upload(uploadJob(), payload) { _ in }
        }
        #expect(!UploadFailure.isTransient(try #require(wrongToken)))
        #expect(wrongToken.map { userMessage(for: $0) }?.contains("not-the-token") == false)
        let noCourse = await #expect(throws: CanvasError.notFound(.courseFiles(CourseID(99999)))) {
            try await transport(server).upload(uploadJob(course: CourseID(99999)), payload) { _ in }
        }
        #expect(!UploadFailure.isTransient(try #require(noCourse)))
        #expect(try await server.files().isEmpty)
    }
}
