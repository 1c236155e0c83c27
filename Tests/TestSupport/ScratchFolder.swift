import Foundation

/// A scratch folder for one test, removed by `remove()`.
package struct ScratchFolder: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `size` seeded pseudo-random bytes (so runs repeat) to `name`, a megabyte at a time.
    @discardableResult
    package func payload(_ name: String = "payload.bin", size: Int, seed: UInt64 = 1) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var generator = SeededGenerator(seed: seed)
        var remaining = size
        while remaining > 0 {
            let count = min(remaining, 1 << 20)
            try handle.write(contentsOf: Data(generator.bytes(count)))
            remaining -= count
        }
        return file
    }

    /// Writes a shell script running `body` to `name`, executable; returns its path.
    package func script(_ name: String, _ body: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Names in the folder, hidden ones included, sorted.
    package func contents(_ relative: String = "") -> [String] {
        let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

/// The SHA-256 of a file as lower-case hex, from `sha256sum` (Foundation on Linux has no digest API).
package func sha256(of file: URL) throws -> String {
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
