#if canImport(Glibc)
import Glibc
#endif

/// A failed system call on a path, kept as `errno` so callers can tell "gone" from "can't write".
package struct FileSystemError: Error, Equatable {
    package var code: Int32
    package var path: String

    package init(code: Int32, path: String) {
        self.code = code
        self.path = path
    }

    /// The error `errno` describes right now, for `path`.
    package static func last(_ path: String) -> FileSystemError {
        FileSystemError(code: errno, path: path)
    }

    /// True when the path (or a folder on it) does not exist.
    package var isMissing: Bool { code == ENOENT || code == ENOTDIR }

    /// The cause in words a person understands, lower case so it reads after a colon.
    package var reason: String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the disk is read-only"
        case ENOENT: return "it does not exist"
        case EISDIR: return "it is a folder"
        case ENOTDIR: return "part of the path is not a folder"
        case EIO: return "the disk reported an input/output error"
        case ENAMETOOLONG: return "the path is too long"
        case ELOOP: return "it has too many symbolic links"
        case EMFILE, ENFILE: return "too many files are open"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
