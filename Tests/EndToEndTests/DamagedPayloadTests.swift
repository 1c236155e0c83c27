import FakeCanvasKit
import Foundation
import Testing

/// A queued copy that changed after it was captured is never sent whole: the digest is checked
/// as the copy streams to Canvas's file store, before its last bytes leave, through the same
/// chain of requests a real upload takes.
@Suite struct DamagedPayloadTests {
    @Test func aByteFlippedNearTheEndOfTheQueuedCopyStopsTheUploadBeforeItsLastBytes() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let directory = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let file = directory.appendingPathComponent("lecture.bin")
        try TestFile.write(file, size: 3_000_000)
        let environment = AppCommand.environment(token: server.token, home: directory)
        let canvas = ["--canvas", server.baseURL.absoluteString, "--data-dir", data.path]
        let upload = try AppCommand.run(["upload", "--course", "1", file.path] + canvas, environment: environment)
        #expect(upload.status == 0, "\(upload.stderr)")

        let payload = try #require(
            FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "payload" },
            "the queued copy under \(data.path)"
        )
        let handle = try FileHandle(forUpdating: payload)
        try handle.seek(toOffset: 2_999_990)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 2_999_990)
        try handle.write(contentsOf: Data([byte ^ 0xFF]))
        try handle.close()

        let drain = try await offThePool { try AppCommand.run(["drain", "--timeout", "30"] + canvas, environment: environment) }
        #expect(drain.status == 1, "\(drain.stdout)\(drain.stderr)")
        #expect((drain.stdout + drain.stderr).contains("is damaged (its SHA-256 changed)"), "\(drain.stdout)\(drain.stderr)")
        #expect(try await server.files().isEmpty, "nothing reached the course's files")
        let sent = try await server.requests()
        #expect(sent.contains { $0.method == "POST" && $0.path.hasPrefix("/api/v1/courses/1/files") }, "the upload was begun: \(sent.map(\.path))")
        #expect(!sent.contains { $0.path.contains("create_success") }, "and never confirmed: \(sent.map(\.path))")
    }
}
