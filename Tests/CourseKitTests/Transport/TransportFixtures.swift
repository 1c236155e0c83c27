import Foundation
@testable import CourseKit

/// A scratch folder for one test, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser-transport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `size` pseudo-random bytes (seeded, so runs repeat) to `name`, in chunks.
    @discardableResult
    func payload(_ name: String = "payload.bin", size: Int, seed: UInt64 = 1) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var remaining = size
        var words = [UInt64](repeating: 0, count: (1 << 20) / 8)
        while remaining > 0 {
            for index in words.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                words[index] = state
            }
            let count = min(remaining, 1 << 20)
            try words.withUnsafeBytes { bytes in
                try handle.write(contentsOf: Data(bytes.prefix(count)))
            }
            remaining -= count
        }
        return file
    }

    /// Names in the folder, hidden ones included, sorted.
    func contents(_ relative: String = "") -> [String] {
        let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

/// The SHA-256 of a file as lower-case hex, from `sha256sum`.
func sha256(of file: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}

/// A queued job for `fileName` in `course`.
func uploadJob(_ fileName: String = "essay.pdf", course: CourseID = CourseID(42), size: Int64 = 0, id: String = "job-1") -> UploadJob {
    UploadJob(
        id: id, courseID: course, fileName: fileName, sourcePath: "/home/me/\(fileName)", size: size,
        backend: "test", queuedAt: Date(timeIntervalSince1970: 0)
    )
}

/// Progress reports, in order.
final class ProgressSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int64] = []
    var report: @Sendable (Int64) -> Void { { value in self.lock.withLock { self.stored.append(value) } } }
    var values: [Int64] { lock.withLock { stored } }
}

/// A clock whose time moves only when a test says so.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    /// Added to the time after each read, so a test can age a signature between steps.
    private var steps: [TimeInterval]

    init(start: Date = Date(timeIntervalSince1970: 1_000_000), steps: [TimeInterval] = []) {
        current = start
        self.steps = steps
    }

    var clock: WallClock {
        WallClock(now: { self.read() }, sleep: { _ in try Task.checkCancellation() })
    }

    private func read() -> Date {
        lock.withLock {
            let now = current
            if !steps.isEmpty { current += steps.removeFirst() }
            return now
        }
    }
}

/// A switch one task flips to let another go on.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func wait() async {
        for await _ in stream { return }
    }

    func open() {
        continuation.yield()
        continuation.finish()
    }
}
