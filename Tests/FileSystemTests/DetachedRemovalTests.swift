import FileSystem
import Foundation
import TestSupport
import Testing

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

    /// The remover works through many names that are not there before the last, real one, so
    /// the file is still there for a while after the call returns if the call does not wait.
    @Test func theCallerNeitherWaitsNorLendsItsDescriptors() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let last = try folder.payload("last", size: 10)
        let directory = try FileDescriptor.open(folder.url.path, O_RDONLY | O_DIRECTORY)
        defer { directory.close() }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }

        directory.removeFilesDetached((0..<400_000).map { "absent-\($0)" } + ["last"])
        #expect(FileManager.default.fileExists(atPath: last.path), "the call returns before the removal is done")
        close(ends[1])
        var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&reader, 1, 10_000) == 1 && reader.revents & Int16(POLLHUP) != 0)
        #expect(FileManager.default.fileExists(atPath: last.path), "the remover let go of the pipe before its work was done")
        try await eventually("the last file is gone") { !FileManager.default.fileExists(atPath: last.path) }
    }
}
