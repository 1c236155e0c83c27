import Foundation
import Synchronization
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// A fresh folder per test holding a data directory and source files, removed when done.
final class UploadTestFolder: Sendable {
    let root: URL
    let dataDirectory: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("upload-store-\(UUID().uuidString)")
        dataDirectory = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func store(clock: WallClock = .fixed(Date(timeIntervalSince1970: 1_795_971_912))) -> UploadStore {
        UploadStore(directory: dataDirectory, clock: clock)
    }

    /// Writes a source file next to (not inside) the data directory.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    var queue: URL { dataDirectory.appendingPathComponent("queue") }

    /// Names inside `queue/<name>`, empty if it does not exist.
    func entries(in name: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: queue.appendingPathComponent(name).path)) ?? []
    }

    /// Temporaries left in any job directory.
    func temporaries() -> [String] {
        entries(in: "jobs").flatMap { id in
            ((try? FileManager.default.contentsOfDirectory(atPath: queue.appendingPathComponent("jobs/\(id)").path)) ?? [])
                .filter { $0.hasPrefix(".tmp-") }
        }
    }
}

/// The permission bits of `path`, such as 0o600.
func permissionBits(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0o7777 }
    return status.st_mode & 0o7777
}

/// A clock that moves one second forward every time it is read.
func steppingClock(from start: Date, step: TimeInterval = 1) -> WallClock {
    let ticks = Mutex(0)
    return WallClock(
        now: { start.addingTimeInterval(step * Double(ticks.withLock { tick in defer { tick += 1 }; return tick })) },
        sleep: { _ in }
    )
}
