#if canImport(Glibc)
import Glibc
#endif

/// One state of a file, as `stat` tells it: which file, how long, and when it last changed.
///
/// Files written by replacing them (a new inode) or in place (a new size or time) get a new
/// version, so what was read from a file can be kept until its version changes.
package struct FileVersion: Equatable, Sendable {
    package var identity: FileIdentity
    package var size: Int64
    package var modifiedSeconds: Int
    package var modifiedNanoseconds: Int
    package var changedSeconds: Int
    package var changedNanoseconds: Int

    package init(_ status: stat) {
        identity = FileIdentity(status)
        size = Int64(status.st_size)
        modifiedSeconds = status.st_mtim.tv_sec
        modifiedNanoseconds = status.st_mtim.tv_nsec
        changedSeconds = status.st_ctim.tv_sec
        changedNanoseconds = status.st_ctim.tv_nsec
    }

    /// The version of the file at `path` (following symbolic links), or nil when there is none.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}

extension FileDescriptor {
    /// The version of `name` in this directory now, or nil if it is gone.
    package func version(ofEntry name: String) -> FileVersion? {
        var status = stat()
        guard fstatat(raw, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileVersion(status)
    }
}
