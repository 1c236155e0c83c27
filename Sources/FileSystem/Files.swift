import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// File operations on paths that need no open descriptor, and blocking work moved off the task pool.
package enum Files {
    /// The size of a regular file, or nil when there is none at `path`.
    package static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Atomically puts `source` in place of whatever is at `destination`.
    package static func replace(_ destination: String, with source: String) throws {
        guard rename(source, destination) == 0 else { throw FileSystemError.last(destination) }
    }

    /// Records a rename in the directory itself; best effort, as some file systems refuse.
    package static func syncDirectory(_ path: String) {
        guard let directory = try? FileDescriptor.open(path, O_RDONLY | O_DIRECTORY) else { return }
        try? directory.sync()
        directory.close()
    }

    package static func removeQuietly(_ path: String) {
        _ = unlink(path)
    }

    /// Removes files an earlier, interrupted attempt left in `directory`: names with `prefix` and `suffix`.
    package static func removeLeftovers(in directory: String, prefix: String, suffix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            removeQuietly(directory + "/" + name)
        }
    }

    /// A name safe as one path component: no separators, no NUL, never "." or "..".
    package static func safeComponent(_ name: String) -> String {
        let cleaned = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" + cleaned : cleaned
    }

    /// Runs blocking file work off the cooperative thread pool, passing on cancellation.
    package static func offload<Value: Sendable>(
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
private final class CancellationFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
