#if canImport(Glibc)
import Glibc
#endif

/// Whether a file holding a secret is the owner's alone, as ssh asks of a key: the one check
/// for token files and saved logins alike.
enum PrivateFile {
    enum Status: Equatable {
        case missing
        /// `stat` failed for another reason, given in words.
        case unreadable(String)
        /// Group or others may read or change it; `mode` is its permission bits.
        case shared(mode: UInt32)
        case ownerOnly
    }

    static func status(_ path: String) -> Status {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        let mode = info.st_mode & 0o777
        return mode & 0o077 == 0 ? .ownerOnly : .shared(mode: mode)
    }
}
