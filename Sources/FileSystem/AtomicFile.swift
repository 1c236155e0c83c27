#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Replaces a file so that readers, and a process killed at any instant, see either the
/// old contents or the new, never a mix.
///
/// The new contents go to a locked temporary file in the same directory (so the rename
/// stays on one file system), are synced, and are renamed over the target; then the
/// directory is synced so the rename itself survives a power cut. A temporary left by a
/// writer that died is unlocked, which is how `removeAbandonedTemporaries` knows it is
/// safe to delete.
package enum AtomicFile {
    package static let temporaryPrefix = ".tmp-"

    package static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix)
    }

    /// Writes `data` as `name` in `directory`; with `durable` false nothing waits for the disk,
    /// for a file whose loss in a power cut costs only a second fetch, and whose reader checks it.
    package static func write(_ data: Data, as name: String, in directory: FileDescriptor, durable: Bool = true) throws {
        let (temporaryName, file) = try createTemporary(for: name, in: directory)
        defer { file.close() }
        do {
            try file.setMode(0o600)
            try data.withUnsafeBytes { try file.write(all: $0) }
            if durable { try file.sync() }
            try directory.rename(temporaryName, to: directory, as: name)
        } catch {
            try? directory.removeEntry(temporaryName, isDirectory: false)
            throw error
        }
        if durable { try directory.sync() }
    }

    /// Creates and locks a fresh temporary; the lock is what tells a cleaner it is in use.
    private static func createTemporary(for name: String, in directory: FileDescriptor) throws
        -> (String, FileDescriptor)
    {
        for _ in 0..<8 {
            let temporaryName = temporaryPrefix + name + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let flags = O_WRONLY | O_CREAT | O_EXCL
            do {
                if let file = try FileLock.open(temporaryName, in: directory, flags: flags, wait: true) {
                    return (temporaryName, file)
                }
            } catch let error as FileSystemError where error.code == ENOENT || error.code == EEXIST {
                // A removed directory has no links left: no name will ever work in it.
                if (try? directory.status().st_nlink) == 0 { throw error }
                // A cleaner removed it between create and lock, or the name was taken: pick another.
                continue
            }
        }
        throw FileSystemError(code: EEXIST, path: directory.child(temporaryPrefix + name))
    }

    /// Deletes temporaries in `directory` whose writer is gone (unlocked ones).
    package static func removeAbandonedTemporaries(in directory: FileDescriptor) {
        guard let names = try? directory.entryNames() else { return }
        for name in names where isTemporary(name) {
            let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK
            guard let file = try? FileLock.open(name, in: directory, flags: flags, wait: false) else { continue }
            try? directory.removeEntry(name, isDirectory: false)
            file.close()
        }
    }
}
