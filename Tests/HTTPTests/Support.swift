import Foundation
import Testing

/// A folder for a test's files; remove it in a `defer`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cb-http-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file of `size` bytes: a random 64 KiB block, repeated, with the block number mixed in.
    func file(_ name: String, size: Int) throws -> URL {
        var generator = SystemRandomNumberGenerator()
        let block = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var data = Data(capacity: size)
        var number: UInt8 = 0
        while data.count < size {
            var piece = block.prefix(size - data.count)
            piece[piece.startIndex] = number
            data.append(contentsOf: piece)
            number &+= 1
        }
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A thread-safe list of what a callback saw.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.withLock { stored.append(value) }
    }

    var values: [Value] { lock.withLock { stored } }
}

/// This process's open file descriptors.
enum OpenFiles {
    static func count() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}

/// SHA-256 from `sha256sum` (Foundation on Linux has no digest API).
enum Digest {
    static func sha256(_ data: Data) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cb-digest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? data.write(to: file)) != nil else { return "" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix { $0 != " " })
    }
}

struct NeverHappened: Error, CustomStringConvertible {
    var description: String
}

/// Asks `condition` every 50 ms until it holds; after 10 s throws.
func eventually(_ expectation: String, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw NeverHappened(description: "never happened: \(expectation)") }
        try await Task.sleep(for: .milliseconds(50))
    }
}
