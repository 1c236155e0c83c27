import Foundation

#if canImport(Glibc)
import Glibc
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue
#endif

/// One running `queue-stress` child whose stdout is read line by line.
///
/// Every call blocks; run them through `offThePool` so a waiting test never holds one of
/// the few threads Swift concurrency runs every test on.
final class QueueStressProcess: @unchecked Sendable {
    struct NotFound: Error, CustomStringConvertible {
        var looked: [String]
        var description: String { "queue-stress binary not found; looked at \(looked.joined(separator: ", "))" }
    }

    struct EndedEarly: Error, CustomStringConvertible {
        var lines: [String]
        var errors: String
        var description: String { "queue-stress ended early after \(lines); stderr: \(errors)" }
    }

    private let process = Process()
    private let output: FileHandle
    private let errors: FileHandle
    private var pending = Data()

    /// The built `queue-stress`, which SwiftPM puts next to the test bundle.
    ///
    /// On Linux the bundle is a plain executable, `.build/<triple>/debug/<package>PackageTests.xctest`,
    /// and `Bundle.main.bundleURL` is the folder holding it (checked with Swift 6.3); on macOS
    /// the bundle is a folder, so its parent is tried too.
    static func executable() throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("queue-stress"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("queue-stress"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("queue-stress"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotFound(looked: candidates.map(\.path))
        }
        return found
    }

    /// Starts `queue-stress <arguments>`; with `umask`, through `sh` so the child runs under it.
    init(_ arguments: [String], umask: String? = nil) throws {
        let binary = try Self.executable()
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        output = outputPipe.fileHandleForReading
        errors = errorPipe.fileHandleForReading
        try process.run()
    }

    /// The next complete line, or nil once the child's output has ended.
    func nextLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                return line
            }
            let chunk = output.availableData
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
    }

    /// Reads lines until one equals `expected`; throws if the output ends first.
    func waitFor(_ expected: String) throws {
        var seen: [String] = []
        while let line = nextLine() {
            if line == expected { return }
            seen.append(line)
        }
        throw EndedEarly(lines: seen, errors: String(decoding: errors.readDataToEndOfFile(), as: UTF8.self))
    }

    /// SIGKILL: no handler, no cleanup, no flushing. Returns the complete lines it had written.
    func kill() -> [String] {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        return finish()
    }

    /// Waits for the child to end and returns the rest of its complete lines.
    func finish() -> [String] {
        process.waitUntilExit()
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        // A line without its newline was cut short: ignore it (pending keeps it).
        return lines
    }

    var wasKilled: Bool {
        process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    var errorOutput: String {
        String(decoding: errors.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// Runs blocking `work` on a Dispatch thread and waits for it without blocking a
/// Swift concurrency thread.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}
