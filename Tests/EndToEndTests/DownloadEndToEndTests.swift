import FakeCanvasKit
import Foundation
import Testing

/// Downloading from the Course pane: `d` on a file of the sample catalog, or of a Canvas course,
/// queues it, the Uploads pane shows it done, and the file is on disk under `--download-dir`.
@Suite(.serialized) struct DownloadEndToEndTests {
    /// Every regular file below `directory`, as paths relative to it.
    static func files(below directory: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { relative in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(relative).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// Presses n then d until d queues a file: items are chosen in the order the pane lists them,
    /// and d on anything but a file or a folder only says why it can't. On a loaded machine the
    /// keys may run ahead of the screen and a later d's answer replace "Queued", so the Uploads
    /// pane's download row counts too.
    static func downloadFirstFile(_ tmux: TmuxSession) async throws -> Bool {
        for _ in 0..<150 {
            try tmux.press("n")
            try tmux.press("d")
            let course = try await tmux.waitFor(box: "Course", "an answer to d") { _ in true }
            if course.containsIgnoringWrapping("Queued 1 download") { return true }
            let uploads = try await tmux.waitFor(boxTitled: "Queue", "the queue") { _ in true }
            if uploads.contains("↓") { return true }
        }
        return false
    }

    @Test func dOnAFileQueuesItAndItLandsUnderTheDownloadDirectory() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let downloads = tmux.directory.appendingPathComponent("dl")
        try tmux.launchApp(["--course", "10001", "--data-dir", tmux.dataDirectory.path, "--download-dir", downloads.path])
        try await tmux.waitFor(box: "Course", "course 10001 open") { $0.isFocused && $0.contains("Assignments") }

        let queued = try await Self.downloadFirstFile(tmux)
        #expect(queued, "no file was queued")
        let uploads = try await tmux.waitFor(boxTitled: "Queue", "the download done") { $0.contains("downloaded") }
        #expect(!uploads.contains("❗"), "\(uploads)")

        // On a slow machine an answer to d may be drawn after the next n and d went out, so a
        // second file may come too; whatever landed must be whole and the catalog's.
        let course = downloads.appendingPathComponent("coursebrowser/CS 101")
        let landed = Self.files(below: course)
        #expect(!landed.isEmpty)
        for path in landed {
            #expect(!path.hasSuffix(".part"), "\(landed)")
            let text = try String(contentsOf: course.appendingPathComponent(path), encoding: .utf8)
            #expect(text.hasPrefix("CS 101"), "the catalog's text, byte for byte: \(text)")
        }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func aCanvasFileComesFromItsFileStoreWithoutTheTokenByteForByte() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let downloads = tmux.directory.appendingPathComponent("dl")
        try tmux.launchApp(canvas: server, ["--course", "1", "--download-dir", downloads.path])
        try await tmux.waitFor(box: "Course", "course 1 open") { $0.isFocused && $0.contains("Assignments") }
        let queued = try await Self.downloadFirstFile(tmux)
        #expect(queued, "no file was queued")
        let uploads = try await tmux.waitFor(boxTitled: "Queue", "the download done") { $0.contains("downloaded") }
        #expect(!uploads.contains("❗"), "\(uploads)")

        let course = downloads.appendingPathComponent("coursebrowser")
        let landed = Self.files(below: course)
        #expect(!landed.isEmpty)
        let served = try await server.courseFiles()
        for path in landed {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let file = try #require(served.first { $0.course_id == 1 && $0.name == name }, "\(path)")
            let copy = course.appendingPathComponent(path)
            #expect(try await offThePool { try TestFile.sha256(copy) } == file.sha256, "\(path)")
        }
        let store = try await server.requests().filter(\.isStore)
        #expect(!store.isEmpty)
        #expect(store.allSatisfy { !$0.auth_present }, "the token went to the file store")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
