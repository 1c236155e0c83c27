import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// Gives `name` in this directory the further name `newName` in `destination` and drops the
    /// old one, failing with `EEXIST` when `newName` is taken: whatever appears there, even
    /// meanwhile, is never replaced.
    ///
    /// A hard link is what refuses atomically (`renameat2`'s `RENAME_NOREPLACE` is not in the
    /// C library Swift sees). Where the file system has no hard links (FAT, some network and
    /// FUSE mounts), it renames after checking the name is free, which only a file appearing in
    /// that instant can get past.
    package func move(_ name: String, to destination: FileDescriptor, asNew newName: String) throws {
        if linkat(raw, name, destination.raw, newName, 0) == 0 {
            // Both names are the same file now; losing the old one can't lose the bytes.
            _ = unlinkat(raw, name, 0)
            return
        }
        let code = errno
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, ENOSYS].contains(code) else {
            throw FileSystemError(code: code, path: destination.child(newName))
        }
        guard destination.identity(ofEntry: newName) == nil else {
            throw FileSystemError(code: EEXIST, path: destination.child(newName))
        }
        try rename(name, to: destination, as: newName)
    }

    /// Sets the file's access and modification times to `date`, to the nanosecond.
    package func setModificationTime(_ date: Date) throws {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let nanoseconds = Int((date.timeIntervalSince1970 - seconds) * 1e9)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: min(max(nanoseconds, 0), 999_999_999))
        let times = [time, time]
        if futimens(raw, times) != 0 { throw FileSystemError.last(path) }
    }

    /// The modification time as a date.
    package func modificationTime() throws -> Date {
        let status = try status()
        return Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }
}
