import FileSystem
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The POSIX file layer: copies that name the file that failed, and path helpers.
struct FilesTests {
    @Test func contentsAreReadWholeUpToTheLimitAndNotAtAllPastIt() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.payload(size: 1_000)
        let bytes = try Data(contentsOf: file)
        #expect(Files.contents(of: file.path, atMost: 1_000) == bytes)
        #expect(Files.contents(of: file.path, atMost: 999) == nil)
        #expect(Files.contents(of: folder.url.path, atMost: 1_000) == nil, "a folder is no file")
        #expect(Files.contents(of: folder.url.appendingPathComponent("absent").path, atMost: 1_000) == nil)
    }

    /// A FIFO where a state file should be, or a symbolic link to one, is refused at once: opening
    /// it to read would wait for a writer that never comes, and hang whoever reads the state.
    @Test func aFIFOInAFilesPlaceIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let fifo = folder.url.appendingPathComponent("fifo").path
        let link = folder.url.appendingPathComponent("record.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink(fifo, link) == 0)
        for path in [fifo, link] {
            let answered = DispatchSemaphore(value: 0)
            let result = Mutex<Data??>(nil)
            Thread.detachNewThread {
                let data = Files.contents(of: path, atMost: 1_000)
                result.withLock { $0 = .some(data) }
                answered.signal()
            }
            if answered.wait(timeout: .now() + 5) == .timedOut {
                Issue.record("reading \(path) waited for a writer")
                // Lets the blocked reader go, so the test ends.
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
                answered.wait()
            }
            #expect(result.withLock { $0 } == .some(nil), "\(path) was read")
        }
    }

    @Test func aCopyMovesEveryByteAndReportsTheRunningTotal() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let source = try folder.payload(size: 3 * FileDescriptor.copyChunkSize + 5)
        let input = try FileDescriptor.open(source.path, O_RDONLY)
        defer { input.close() }
        let target = folder.url.appendingPathComponent("copy.bin").path
        let output = try FileDescriptor.open(target, O_WRONLY | O_CREAT | O_EXCL)
        defer { output.close() }
        let totals = Recorder<Int64>()
        let copied = try input.copy(to: output, progress: totals.record)
        #expect(copied == Int64(3 * FileDescriptor.copyChunkSize + 5))
        #expect(totals.values == [1, 2, 3].map { Int64($0 * FileDescriptor.copyChunkSize) } + [copied])
        #expect(try sha256(of: source) == (try sha256(of: URL(fileURLWithPath: target))))
    }

    @Test func aFailedWriteNamesTheDestinationNotTheSource() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let source = try folder.payload(size: 10)
        let input = try FileDescriptor.open(source.path, O_RDONLY)
        defer { input.close() }
        // A descriptor opened for reading can't be written to.
        let readOnly = try FileDescriptor.open(source.path, O_RDONLY)
        defer { readOnly.close() }
        #expect(throws: FileSystemError(code: EBADF, path: source.path)) { try input.copy(to: readOnly) }
    }

    @Test func aCancelledCopyStopsBeforeTheFirstChunk() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let input = try FileDescriptor.open(try folder.payload(size: 10).path, O_RDONLY)
        defer { input.close() }
        let output = try FileDescriptor.open(folder.url.appendingPathComponent("x").path, O_WRONLY | O_CREAT)
        defer { output.close() }
        #expect(throws: CancellationError.self) { try input.copy(to: output, isCancelled: { true }) }
    }

    @Test(arguments: [("essay.pdf", "essay.pdf"), ("a/b", "a_b"), ("..", "_.."), (".", "_."), ("", "_"), ("x\0y", "x_y")])
    func aNameBecomesOneSafePathComponent(name: String, safe: String) {
        #expect(Files.safeComponent(name) == safe)
    }

    @Test func directoriesAreCreatedOwnerOnlyAndSizesAreOfRegularFilesOnly() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let nested = folder.url.appendingPathComponent("a/b/c").path
        try FileDescriptor.makeDirectories(nested)
        var status = stat()
        #expect(stat(nested, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(Files.size(of: nested) == nil)
        #expect(Files.size(of: try folder.payload(size: 1234).path) == 1234)
    }

    /// A cache's directories are made as any others, only without waiting for the disk.
    @Test func directoriesMadeForACacheAreCreatedOwnerOnlyToo() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let nested = folder.url.appendingPathComponent("cache/x/y").path
        try FileDescriptor.makeDirectories(nested, durable: false)
        try FileDescriptor.makeDirectories(nested, durable: false)
        for path in [nested, folder.url.appendingPathComponent("cache/x").path] {
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFDIR)
            #expect(status.st_mode & 0o777 == 0o700)
        }
    }
}
