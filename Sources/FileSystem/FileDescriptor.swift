#if canImport(Glibc)
import Glibc
#endif

/// An open descriptor plus the path it was opened by, so every failure can name the file.
///
/// Every descriptor is opened `O_CLOEXEC`: a child process that inherited one would
/// keep a claim's `flock` alive after its owner died.
package struct FileDescriptor: Sendable {
    package let raw: Int32
    package let path: String

    /// Opens `path` (mode is used only with `O_CREAT`), retrying when a signal interrupts.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws -> FileDescriptor {
        try path.withCString { try open(cPath: $0, shownAs: path, flags, mode: mode) }
    }

    /// Opens the file at the C string `cPath`, byte for byte: a path that is not UTF-8 (a name
    /// written in another encoding) can't pass through a `String` unchanged. `shown` is the path
    /// as the descriptor, and so every error about it, names it.
    package static func open(cPath: UnsafePointer<CChar>, shownAs shown: String, _ flags: Int32, mode: mode_t = 0o600) throws -> FileDescriptor {
        while true {
            let raw = Glibc.open(cPath, flags | O_CLOEXEC, mode)
            if raw >= 0 { return FileDescriptor(raw: raw, path: shown) }
            if errno != EINTR { throw FileSystemError.last(shown) }
        }
    }

    /// Opens `name` inside this directory.
    package func open(_ name: String, _ flags: Int32, mode: mode_t = 0o600) throws -> FileDescriptor {
        let fullPath = child(name)
        while true {
            let raw = openat(self.raw, name, flags | O_CLOEXEC, mode)
            if raw >= 0 { return FileDescriptor(raw: raw, path: fullPath) }
            if errno != EINTR { throw FileSystemError.last(fullPath) }
        }
    }

    /// Opens this directory's `name` entry as a directory, without following a symbolic link.
    package func openDirectory(_ name: String) throws -> FileDescriptor {
        try open(name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    }

    /// The path of `name` inside this directory.
    package func child(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    package func close() {
        // A child being spawned holds a copy of every descriptor until it execs, and an
        // `flock` lasts while any copy is open: unlocking first makes closing release the
        // lock now, as whoever waits for it expects. (No lock held: nothing happens.)
        _ = flock(raw, LOCK_UN)
        // close(2) must not be retried on EINTR on Linux: the descriptor is already gone.
        _ = Glibc.close(raw)
    }

    /// Forces the contents (or, for a directory, its entries) to the disk.
    package func sync() throws {
        while fsync(raw) != 0 {
            if errno != EINTR { throw FileSystemError.last(path) }
        }
    }

    /// Sets the permission bits exactly, whatever the process umask is.
    package func setMode(_ mode: mode_t) throws {
        if fchmod(raw, mode) != 0 { throw FileSystemError.last(path) }
    }

    package func status() throws -> stat {
        var status = stat()
        if fstat(raw, &status) != 0 { throw FileSystemError.last(path) }
        return status
    }

    package func identity() throws -> FileIdentity {
        FileIdentity(try status())
    }

    /// What `name` in this directory points at now, or nil if it is gone.
    package func identity(ofEntry name: String) -> FileIdentity? {
        var status = stat()
        guard fstatat(raw, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// The disk space `name` in this directory takes, in bytes; 0 if it is gone.
    package func allocatedBytes(ofEntry name: String) -> Int64 {
        var status = stat()
        guard fstatat(raw, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return 0 }
        return Int64(status.st_blocks) * 512
    }

    /// Creates the directory `name` inside this one with exactly `mode`.
    package func makeDirectory(_ name: String, mode: mode_t = 0o700) throws {
        if mkdirat(raw, name, mode) != 0 { throw FileSystemError.last(child(name)) }
        if fchmodat(raw, name, mode, 0) != 0 { throw FileSystemError.last(child(name)) }
    }

    /// Renames `name` in this directory to `newName` in `destination` (same file system).
    package func rename(_ name: String, to destination: FileDescriptor, as newName: String) throws {
        if renameat(raw, name, destination.raw, newName) != 0 { throw FileSystemError.last(child(name)) }
    }

    package func removeEntry(_ name: String, isDirectory: Bool) throws {
        if unlinkat(raw, name, isDirectory ? AT_REMOVEDIR : 0) != 0 { throw FileSystemError.last(child(name)) }
    }

    /// Reads up to `buffer.count` bytes; 0 means end of file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Glibc.read(raw, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileSystemError.last(path) }
        }
    }

    /// Writes every byte, continuing after short writes and interruptions.
    package func write(all bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(raw, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0 && errno != EINTR {
                throw FileSystemError.last(path)
            } else if count == 0 {
                throw FileSystemError(code: EIO, path: path)
            }
        }
    }
}
