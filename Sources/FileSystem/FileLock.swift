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

    /// Runs `attempt` until it gives a value, looking again a few times over about 60 ms
    /// while it gives nil because a lock looked held.
    ///
    /// While any thread of this process spawns a child, the child holds a copy of every
    /// descriptor until it execs (`O_CLOEXEC` closes them only then), so a lock released
    /// just before can look held for that instant. A real holder keeps its lock for the
    /// length of an upload; this much patience tells the two apart.
    package static func patiently<T>(_ attempt: () throws -> T?) rethrows -> T? {
        for delay in [0, 1, 2, 4, 8, 16, 32] as [UInt32] {
            if delay > 0 { usleep(delay * 1000) }
            if let value = try attempt() { return value }
        }
        return nil
    }

    /// Whether another open description holds the lock on `name` right now.
    ///
    /// Probing takes the lock for an instant, so a claim attempted at that very moment
    /// may see the file as busy; callers treat busy as "try again later" anyway.
    package static func isHeld(_ name: String, in directory: FileDescriptor, flags: Int32) -> Bool {
        guard let descriptor = try? directory.open(name, flags | O_NONBLOCK) else { return false }
        defer { descriptor.close() }
        return (try? lock(descriptor, wait: false)) == false
    }
}
