import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// One `sync` at a time into one destination: a lock a second run waits for, saying so.
///
/// Two runs into one folder would otherwise race from listing to placing the last file. The
/// lock is an `flock` on a file named by the destination under the data directory's
/// `downloads/turns`, so the kernel frees it when its run ends, however it ends.
struct SyncTurn {
    private let lock: FileDescriptor

    /// Waits until no other run holds `destination`'s turn, telling `waiting` first if one does.
    static func take(destination: String, dataDirectory: URL, waiting: @Sendable () -> Void) async throws -> SyncTurn {
        let folder = dataDirectory.appendingPathComponent("downloads").appendingPathComponent("turns")
        try FileDescriptor.makeDirectories(folder.path)
        let name = "sync-" + SHA256.hex(of: destination.utf8).prefix(32) + ".lock"
        let parent = try FileDescriptor.open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { parent.close() }
        let flags = O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK
        if let lock = try FileLock.open(name, in: parent, flags: flags, wait: false) {
            return SyncTurn(lock: lock)
        }
        waiting()
        let path = parent.child(name)
        let lock = try await Files.offload { _ in
            let parent = try FileDescriptor.open(folder.path, O_RDONLY | O_DIRECTORY)
            defer { parent.close() }
            guard let lock = try FileLock.open(name, in: parent, flags: flags, wait: true) else {
                throw FileSystemError(code: EWOULDBLOCK, path: path)
            }
            return lock
        }
        return SyncTurn(lock: lock)
    }

    /// Lets the next run in.
    func end() {
        lock.close()
    }
}
