import Foundation
import Testing
import HTTP
import TestSupport

/// Downloads through libcurl: where the body goes for each answer, resuming at the right
/// byte and never past it, what a failing disk or a dropped connection leaves behind, and
/// memory that stays flat whatever the size.
@Suite(.timeLimit(.minutes(4)))
struct CurlDownloadTests {
    let engine = HTTPEngine()

    func client(request: Duration = .seconds(20)) -> HTTPClient {
        .curl(engine, timeouts: HTTPTimeouts(connect: .seconds(10), request: request))
    }

    func contents(_ file: URL) throws -> Data {
        try Data(contentsOf: file)
    }

    @Test func a200WritesTheWholeBodyToANewPrivateFileAndReportsItsLength() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("whole.bin")
        let progress = Recorder<Int64>()
        let response = try await client().download(HTTPRequest(url: scene.server.url("/file", ["size": 3_000_000])), file, 0, progress.record)
        #expect(response.status == 200)
        #expect(response.body.isEmpty, "the body went to the file")
        #expect(response.header("ETag") == "\"v1\"")
        #expect(try contents(file) == DownloadServer.bytes(0..<3_000_000))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(progress.values.last == 3_000_000)
        #expect(progress.values == progress.values.sorted())
    }

    @Test func a206AtTheResumeOffsetAppendsThereAndCutsAStaleTail() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("resumed.part")
        var earlier = DownloadServer.bytes(0..<1_200_000)
        earlier.append(Data(repeating: 0xEE, count: 2_000_000))
        try earlier.write(to: file)
        let progress = Recorder<Int64>()
        let request = HTTPRequest(url: scene.server.url("/file", ["size": 3_000_000]), headers: ["Range": "bytes=1200000-"])
        let response = try await client().download(request, file, 1_200_000, progress.record)
        #expect(response.status == 206)
        #expect(try contents(file) == DownloadServer.bytes(0..<3_000_000))
        #expect(progress.values.first == 1_200_000, "the length counts what the file already held")
        #expect(progress.values.last == 3_000_000)
    }

    @Test func aServerIgnoringRangeRewritesTheFileWithNoStaleTail() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("restarted.part")
        try Data(repeating: 0xEE, count: 2_500_000).write(to: file)
        let request = HTTPRequest(url: scene.server.url("/file", ["size": 1_000_000, "ignoreRange": 1]), headers: ["Range": "bytes=2500000-"])
        let response = try await client().download(request, file, 2_500_000) { _ in }
        #expect(response.status == 200)
        #expect(try contents(file) == DownloadServer.bytes(0..<1_000_000))
    }

    @Test func anEmpty200StillEmptiesTheFile() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("empty.part")
        try Data(repeating: 0xEE, count: 1000).write(to: file)
        let response = try await client().download(HTTPRequest(url: scene.server.url("/file", ["size": 0])), file, 1000) { _ in }
        #expect(response.status == 200)
        #expect(try contents(file).isEmpty)
    }

    @Test func a206StartingElsewhereIsRefusedAndTheFileUntouched() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("kept.part")
        let earlier = DownloadServer.bytes(0..<1000)
        try earlier.write(to: file)
        let request = HTTPRequest(url: scene.server.url("/file", ["size": 100_000, "rangeStart": 500]), headers: ["Range": "bytes=1000-"])
        await #expect(throws: HTTPDownloadError.wrongRange(host: "127.0.0.1", resumeFrom: 1000, contentRange: "bytes 500-99999/100000")) {
            try await client().download(request, file, 1000) { _ in }
        }
        #expect(try contents(file) == earlier)
    }

    @Test(arguments: [404, 403])
    func anErrorAnswerComesBackInMemoryAndTheFileIsUntouched(status: Int) async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let missing = scene.file("never.part")
        let answer = try await client().download(HTTPRequest(url: scene.server.url("/status", ["code": status])), missing, 0) { _ in }
        #expect(answer.status == status)
        #expect(answer.body == Data("no such file".utf8))
        #expect(!FileManager.default.fileExists(atPath: missing.path), "not even created")
        let existing = scene.file("earlier.part")
        try Data("earlier".utf8).write(to: existing)
        _ = try await client().download(HTTPRequest(url: scene.server.url("/status", ["code": status])), existing, 7) { _ in }
        #expect(try contents(existing) == Data("earlier".utf8))
    }

    @Test func aConnectionDroppedMidBodyKeepsThePrefixSoAResumeCompletesIt() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("dropped.part")
        // The store was reached and answered: the break is said as such, not as no network.
        await #expect(throws: NetworkError.cutOff(host: "127.0.0.1")) {
            try await client().download(HTTPRequest(url: scene.server.url("/file", ["size": 4_000_000, "dropAfter": 1_500_000])), file, 0) { _ in }
        }
        let prefix = try contents(file)
        #expect(prefix == DownloadServer.bytes(0..<1_500_000))
        let resume = HTTPRequest(url: scene.server.url("/file", ["size": 4_000_000]), headers: ["Range": "bytes=\(prefix.count)-"])
        let response = try await client().download(resume, file, Int64(prefix.count)) { _ in }
        #expect(response.status == 206)
        #expect(try contents(file) == DownloadServer.bytes(0..<4_000_000))
    }

    @Test func aFullDiskFailsWithTheFileAndTheReasonAndIsNotANetworkError() async throws {
        // /dev/full takes the open (it exists and is no symbolic link) and answers every write with ENOSPC.
        let full = URL(fileURLWithPath: "/dev/full")
        try #require(FileManager.default.isWritableFile(atPath: full.path))
        let server = try await DownloadServer.start()
        defer { server.stop() }
        do {
            _ = try await client().download(HTTPRequest(url: server.url("/file", ["size": 2_000_000])), full, 0) { _ in }
            Issue.record("a write to a full disk succeeded")
        } catch let error as HTTPDownloadError {
            #expect(error == .cantWrite(path: "/dev/full", reason: "the disk is full", code: ENOSPC))
            #expect(error.userMessage == "Can't write /dev/full: the disk is full")
        }
    }

    @Test func aFileThatCantBeOpenedFailsWithTheFileAndTheReason() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        // A folder that is a plain file: refused at open, whoever runs the test (root included).
        let notAFolder = try scene.folder.payload("plain", size: 10)
        let file = notAFolder.appendingPathComponent("inside.part")
        await #expect(throws: HTTPDownloadError.cantWrite(path: file.path, reason: "part of the path is not a folder", code: ENOTDIR)) {
            try await client().download(HTTPRequest(url: scene.server.url("/file", ["size": 1000])), file, 0) { _ in }
        }
    }

    @Test func aSymbolicLinkIsNotFollowed() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let target = try scene.folder.payload("target", size: 10)
        let before = try contents(target)
        let link = scene.file("link.part")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        await #expect(throws: HTTPDownloadError.self) {
            try await client().download(HTTPRequest(url: scene.server.url("/file", ["size": 1000])), link, 0) { _ in }
        }
        #expect(try contents(target) == before)
    }

    @Test func cancellingADownloadEndsItPromptlyAndKeepsWhatArrived() async throws {
        let scene = try await DownloadScene.start()
        defer { scene.end() }
        let file = scene.file("cancelled.part")
        let progress = Recorder<Int64>()
        let client = client(request: .seconds(120))
        let task = Task {
            try await client.download(HTTPRequest(url: scene.server.url("/file", ["size": 10_000_000, "stallAfter": 200_000])), file, 0, progress.record)
        }
        try await eventually("the first bytes to arrive", timeout: .seconds(60)) { (progress.values.last ?? 0) >= 200_000 }
        let start = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - start < .seconds(30), "not the server's minute of silence")
        #expect(try contents(file) == DownloadServer.bytes(0..<200_000))
    }
}
