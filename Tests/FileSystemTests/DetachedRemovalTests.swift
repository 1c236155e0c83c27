import Foundation
import TestSupport
import Testing
@testable import FileSystem

#if canImport(Glibc)
import Glibc
#endif

/// Deleting files in a detached process: the caller neither waits for it nor lends it anything.
struct DetachedRemovalTests {
    @Test func theNamedFilesAreRemovedAndNothingElse() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["payload", "payload-1", "job.json"] {
            try folder.payload(name, size: 10)
        }
        let directory = try FileDescriptor.open(folder.url.path, O_RDONLY | O_DIRECTORY)
        defer { directory.close() }
        directory.removeFilesDetached(["payload", "absent", "payload-1"])
        try await eventually("both payloads are gone") {
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["job.json"]
        }
    }

    /// The remover first works through many names that are not there, each a path 30 folders
    /// deep, before the last, real one: for a while after the call returns, that file is there.
    @Test func theCallerNeitherWaitsNorLendsItsDescriptors() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let deep = Array(repeating: "d", count: 30).joined(separator: "/")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(deep), withIntermediateDirectories: true)
        let last = try folder.payload("last", size: 10)
        // The directory's descriptor sits high, so pipes lie on both sides of it.
        let opened = try FileDescriptor.open(folder.url.path, O_RDONLY | O_DIRECTORY)
        let high = fcntl(opened.raw, F_DUPFD_CLOEXEC, 512)
        opened.close()
        try #require(high >= 512)
        let directory = FileDescriptor(raw: high, path: folder.url.path)
        defer { directory.close() }
        let below = try Self.pipe(at: nil)
        let above = try Self.pipe(at: 600)
        defer { [below.read, above.read].forEach { _ = close($0) } }

        directory.removeFilesDetached((0..<200_000).map { "\(deep)/absent-\($0)" } + ["last"])
        #expect(FileManager.default.fileExists(atPath: last.path), "the call returns before the removal is done")
        close(below.write)
        close(above.write)
        #expect(Self.hangsUp(below.read) && Self.hangsUp(above.read), "no other process holds the writing ends")
        #expect(FileManager.default.fileExists(atPath: last.path), "the remover let go of both pipes before its work was done")
        try await eventually("the last file is gone") { !FileManager.default.fileExists(atPath: last.path) }
    }

    /// A pipe closed on exec, so no process another test starts holds it; its writing end moved to `at` or above.
    private static func pipe(at lowest: Int32?) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        guard let lowest else { return (ends[0], ends[1]) }
        let moved = fcntl(ends[1], F_DUPFD_CLOEXEC, lowest)
        close(ends[1])
        try #require(moved >= lowest)
        return (ends[0], moved)
    }

    /// Whether the pipe read by `descriptor` reports that every writing end is closed, within 10 s.
    private static func hangsUp(_ descriptor: Int32) -> Bool {
        var reader = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&reader, 1, 10_000)
            if ready < 0, errno == EINTR { continue }
            return ready == 1 && reader.revents & Int16(POLLHUP) != 0
        }
    }
}
