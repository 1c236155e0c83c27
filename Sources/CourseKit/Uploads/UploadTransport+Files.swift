import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension UploadTransport {
    /// Streaming file operations for uploads: one reused buffer, so memory stays flat
    /// whatever the file size, and POSIX calls, so failures carry an `errno` a person can read.
    enum Files {
        /// Bytes moved per read and write.
        static let chunkSize = 1 << 20

        /// A failed file operation, with the path and the system's reason.
        struct Failure: Error, Equatable {
            var path: String
            var code: Int32

            /// The system's short description, such as "No space left on device".
            var reason: String { String(cString: strerror(code)) }

            static func current(_ url: URL) -> Failure {
                Failure(path: url.path, code: errno)
            }
        }

        /// The size of a regular file, or nil when there is none at `url`.
        static func size(of url: URL) -> Int64? {
            var info = stat()
            guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Int64(info.st_size)
        }

        static func openForReading(_ url: URL) throws -> Int32 {
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failure.current(url) }
            return descriptor
        }

        /// Creates a new file readable by its owner only; fails if something is already there.
        static func createExclusive(_ url: URL) throws -> Int32 {
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw Failure.current(url) }
            return descriptor
        }

        /// Copies everything `source` has left into `destination`, reporting the running total.
        ///
        /// Throws `CancellationError` as soon as `isCancelled` says so between chunks.
        @discardableResult
        static func copy(
            from source: Int32, sourcePath: URL,
            to destination: Int32, destinationPath: URL,
            isCancelled: () -> Bool,
            progress: (Int64) -> Void
        ) throws -> Int64 {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            var total: Int64 = 0
            while true {
                if isCancelled() { throw CancellationError() }
                let count = read(source, buffer.baseAddress, chunkSize)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Failure.current(sourcePath)
                }
                if count == 0 { return total }
                try writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), to: destination, path: destinationPath)
                total += Int64(count)
                progress(total)
            }
        }

        private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path url: URL) throws {
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure.current(url)
                }
                offset += written
            }
        }

        /// Flushes a file to the disk, so a crash after the rename can't leave it empty.
        static func sync(_ descriptor: Int32, path url: URL) throws {
            guard fsync(descriptor) == 0 else { throw Failure.current(url) }
        }

        static func close(_ descriptor: Int32) {
            _ = Glibc.close(descriptor)
        }

        /// Creates one directory readable by its owner only; an existing directory is fine.
        static func makeDirectory(_ url: URL) throws {
            if mkdir(url.path, 0o700) == 0 { return }
            let code = errno
            var isDirectory: ObjCBool = false
            guard code == EEXIST, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(path: url.path, code: code == EEXIST ? ENOTDIR : code)
            }
        }

        /// Creates `url` and any missing parents, each owner-only; existing ones are left as they are.
        static func makeDirectories(_ url: URL) throws {
            var path = URL(fileURLWithPath: "/")
            for component in url.standardizedFileURL.pathComponents where component != "/" {
                path.appendPathComponent(component)
                try makeDirectory(path)
            }
        }

        /// Atomically puts `source` in place of whatever is at `destination`.
        static func replace(_ destination: URL, with source: URL) throws {
            guard rename(source.path, destination.path) == 0 else { throw Failure.current(destination) }
        }

        /// Records a rename in the directory itself; best effort, as some file systems refuse.
        static func syncDirectory(_ url: URL) {
            let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = fsync(descriptor)
            _ = Glibc.close(descriptor)
        }

        static func removeQuietly(_ url: URL) {
            _ = unlink(url.path)
        }

        /// Removes files an earlier, interrupted attempt left in `directory`: names with `prefix` and `suffix`.
        static func removeLeftovers(in directory: URL, prefix: String, suffix: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
                removeQuietly(directory.appendingPathComponent(name))
            }
        }

        /// A name safe as one path component: no separators, no NUL, never "." or "..".
        static func safeComponent(_ name: String) -> String {
            let cleaned = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
            return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" + cleaned : cleaned
        }

        /// Runs blocking file work off the cooperative thread pool, passing on cancellation.
        static func offload<Value: Sendable>(
            _ work: @escaping @Sendable (_ isCancelled: @Sendable () -> Bool) throws -> Value
        ) async throws -> Value {
            let flag = CancellationFlag()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    DispatchQueue.global(qos: .utility).async {
                        continuation.resume(with: Result { try work { flag.isSet } })
                    }
                }
            } onCancel: {
                flag.set()
            }
        }
    }

    /// A cancellation seen from a thread that is not running the task.
    final class CancellationFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
