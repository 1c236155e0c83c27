#if canImport(Glibc)
import Glibc
#endif

/// Advisory whole-file locks (`flock`) that the kernel drops when the holder's descriptor
/// closes, which happens even when the holder is killed with SIGKILL.
///
/// An `flock` lock belongs to the open file description, not the process: two separate
/// `open`s of one file exclude each other even inside a single process. (POSIX `fcntl`
/// locks would not: a process never conflicts with its own `fcntl` locks.)
package enum FileLock {
    /// Opens `name` in `directory` and locks it, confirming that `name` still names the
    /// locked file, so a lock on a file someone removed or replaced meanwhile is never
    /// mistaken for ownership.
    ///
    /// - Returns: the locked descriptor, or nil if another open description holds the lock
    ///   (only when `wait` is false).
    /// - Throws: `FileSystemError` with `ENOENT` when `name` is gone or was replaced.
    package static func open(
        _ name: String, in directory: FileDescriptor, flags: Int32, mode: mode_t = 0o600, wait: Bool
    ) throws -> FileDescriptor? {
        let descriptor = try directory.open(name, flags, mode: mode)
        do {
            guard try lock(descriptor, wait: wait) else {
                descriptor.close()
                return nil
            }
            guard let current = directory.identity(ofEntry: name), current == (try descriptor.identity()) else {
                throw FileSystemError(code: ENOENT, path: descriptor.path)
            }
            return descriptor
        } catch {
            descriptor.close()
            throw error
        }
    }

    /// Takes an exclusive lock; false if it is held elsewhere and `wait` is false.
    package static func lock(_ descriptor: FileDescriptor, wait: Bool) throws -> Bool {
        let operation = wait ? LOCK_EX : LOCK_EX | LOCK_NB
        while flock(descriptor.raw, operation) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return false
            default: throw FileSystemError.last(descriptor.path)
            }
        }
        return true
    }
}
