import Foundation
import Testing
@testable import Canvas
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport

/// `FileClient.canvas` and `DownloadTransport.canvas` over real sockets against the loopback fake
/// Canvas and its file store on another port.
@Suite(.timeLimit(.minutes(3)))
struct CanvasFilesIntegrationTests {
    let curl = HTTPClient.curl(HTTPEngine())

    /// libcurl's `send`, with a `download` that writes an answer as the app's does (a 200 from the
    /// first byte, a 206 at its offset) but holds it in memory first: the files here are small.
    private var http: HTTPClient {
        let curl = curl
        return HTTPClient(send: curl.send, download: { request, file, resumeFrom, progress in
            try await Self.download(curl, request, to: file, resumeFrom: resumeFrom, progress: progress)
        })
    }

    private static func download(
        _ curl: HTTPClient, _ request: HTTPRequest, to file: URL, resumeFrom: Int64, progress: @Sendable (Int64) -> Void
    ) async throws -> HTTPResponse {
        let response = try await curl.send(request)
        let appends = response.status == 206 && response.header("Content-Range")?.hasPrefix("bytes \(resumeFrom)-") == true
        guard response.status == 200 || appends else { return response }
        var data = appends ? ((try? Data(contentsOf: file)) ?? Data()).prefix(Int(resumeFrom)) : Data()
        data.append(response.body)
        try data.write(to: file)
        progress(Int64(data.count))
        return HTTPResponse(status: response.status, headers: response.headers)
    }

    private func connection(_ server: FakeCanvasServer) -> CanvasConnection {
        CanvasConnection(baseURL: server.baseURL, credentials: .test(server.token), http: http, clock: .live, analytics: .noOp)
    }

    @Test func theCoursesFilesAreListedAcrossPagesWithoutWhatIsHidden() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "3", "--per-page-max", "2"])
        defer { server.stop() }
        let files = try await FileClient.canvas(connection(server)).files(CourseID(2), .ignored)
        #expect(files.folders.map(\.fullName) == ["course files", "course files/Lectures", "course files/Readings", "course files/Readings/Week 1"])
        #expect(Set(files.files.map(\.name)) == ["Syllabus.pdf", "Lecture 1.pdf", "Lecture 2.pdf", "Chapter 1.txt", "Exam rules.pdf"])
        let chapter = try #require(files.files.first { $0.name == "Chapter 1.txt" })
        #expect(files.folderPath(of: chapter) == ["Readings", "Week 1"])
        let locked = try #require(files.files.first { $0.name == "Exam rules.pdf" })
        #expect(locked.isLocked)
        #expect(locked.lockExplanation?.hasPrefix("This file is locked until") == true)
        #expect(files.files.filter { !$0.isLocked }.allSatisfy { $0.downloadURL?.host == server.baseURL.host && $0.updatedAt != nil })
    }

    @Test func filesHiddenFromStudentsAreAnErrorThatSaysSo() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "20"])
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        await #expect(throws: CourseFilesClosed(course: CourseID(18))) {
            try await FileClient.canvas(connection(server)).files(CourseID(18), .ignored)
        }
    }

    @Test func aFileComesFromTheStoreWithoutTheTokenAndResumesAfterADrop() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "3"])
        defer { server.stop() }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let (file, job, part) = try await queued(number: 3, from: server, into: scratch)
        let remembered = Recorder<String?>()
        let transport = DownloadTransport.canvas(connection(server))
        // The probe of one byte, then the body cut after 70000 bytes.
        try await server.storeFault("store_drop_after", bytes: 70_000, count: 2)
        let cut = await #expect(throws: NetworkError.self) {
            try await transport.fetch(DownloadRequest(job: job, part: part, validator: nil, remember: { remembered.append($0) }, progress: { _ in }))
        }
        #expect(cut?.isTransient == true)
        // What the streaming client leaves after the cut (this in-memory one keeps nothing): the bytes that arrived.
        let whole = try await directly(file, server: server)
        try whole.prefix(70_000).write(to: part)
        let validator = try #require(remembered.values.last ?? nil)
        try await transport.fetch(DownloadRequest(job: job, part: part, validator: validator, remember: { remembered.append($0) }, progress: { _ in }))
        let bytes = try Data(contentsOf: part)
        #expect(bytes.count == 200_003)
        #expect(bytes == whole)
        let store = try await server.requests().filter(\.isStore)
        #expect(store.count >= 3)
        #expect(store.allSatisfy { !$0.auth_present })
        #expect(store.last?.if_range == validator)
        #expect(store.last?.range == "bytes=70000-")
    }

    @Test func anExpiredStoreAddressIsRenewedAndALongerBodyRefused() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "3"])
        defer { server.stop() }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let (_, job, part) = try await queued(number: 2, from: server, into: scratch)
        let transport = DownloadTransport.canvas(connection(server))
        try await server.storeFault("store_expired")
        try await transport.fetch(DownloadRequest(job: job, part: part, validator: nil, remember: { _ in }, progress: { _ in }))
        #expect(try Data(contentsOf: part).count == 4096)
        try FileManager.default.removeItem(at: part)
        try await server.storeFault("store_expired", count: -1)
        let refused = await #expect(throws: CanvasDownloadError.self) {
            try await transport.fetch(DownloadRequest(job: job, part: part, validator: nil, remember: { _ in }, progress: { _ in }))
        }
        #expect(refused?.userMessage.contains("Request has expired") == true)
        try await server.control("DELETE", "/__control/faults")
        try await server.storeFault("store_long", count: -1)
        await #expect(throws: CanvasDownloadError.tooLong(fileName: "Lecture 1.pdf", expected: 4096, received: 5120)) {
            try await transport.fetch(DownloadRequest(job: job, part: part, validator: nil, remember: { _ in }, progress: { _ in }))
        }
        #expect(!FileManager.default.fileExists(atPath: part.path))
    }

    /// A Canvas that keeps files itself sends them from its own host, to the token's owner, with
    /// no validator to resume by: a part left by a cut is started over, and ends whole.
    @Test func aCanvasKeepingItsOwnFilesSendsThemFromItsOwnHost() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "3", "--store-on-canvas-host"])
        defer { server.stop() }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let (file, job, part) = try await queued(number: 3, from: server, into: scratch)
        let address = try #require(file.downloadURL)
        let whole = try await curl.send(HTTPRequest(url: address, headers: ["Authorization": "Bearer \(server.token)"])).body
        #expect(whole.count == 200_003)
        try Data(whole.prefix(70_000)).write(to: part)
        let transport = DownloadTransport.canvas(connection(server))
        try await transport.fetch(DownloadRequest(job: job, part: part, validator: nil, remember: { _ in }, progress: { _ in }))
        #expect(try Data(contentsOf: part) == whole)
        let requests = try await server.requests()
        #expect(!requests.contains { $0.isStore }, "nothing asked of another host")
        #expect(requests.filter { $0.path.hasPrefix(address.path) }.allSatisfy { $0.auth_valid })
    }

    /// Seeded file `number` of course 2 as Canvas describes it, a download job for it, and its part's place.
    private func queued(number: Int, from server: FakeCanvasServer, into scratch: ScratchFolder) async throws -> (CourseFile, UploadJob, URL) {
        let id = FakeCanvasServer.fileID(course: 2, number: number)
        let file = try await FileClient.canvas(connection(server)).file(CourseID(2), id)
        let destination = scratch.url.appendingPathComponent(file.name)
        var job = uploadJob(file.name, course: CourseID(2), size: file.size ?? 0)
        job.download = UploadJob.Download(fileID: id, destination: destination.path, size: file.size, url: file.downloadURL)
        return (file, job, destination.appendingPathExtension("part"))
    }

    /// The file's bytes fetched by hand: Canvas's redirect followed once, the store asked without a token.
    private func directly(_ file: CourseFile, server: FakeCanvasServer) async throws -> Data {
        let address = try #require(file.downloadURL)
        let redirect = try await curl.send(HTTPRequest(url: address, headers: ["Authorization": "Bearer \(server.token)"]))
        let location = try #require(redirect.header("Location").flatMap(URL.init(string:)))
        return try await curl.send(HTTPRequest(url: location)).body
    }
}
