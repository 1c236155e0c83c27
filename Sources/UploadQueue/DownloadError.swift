import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Why a download could not be finished on this machine: the bytes that arrived, or putting them in place.
public enum DownloadError: UserFacingError, TransientError, Equatable {
    /// More bytes arrived than the backend said the file has: not the file that was listed.
    case tooLong(fileName: String, received: Int64, expected: Int64)
    /// Fewer bytes arrived than the backend said: the rest is asked for next time.
    case cutShort(fileName: String, received: Int64, expected: Int64)
    /// The disk (or the user's quota) is full; the bytes so far are kept for when there is room.
    case diskFull(path: String, reason: String)
    /// A folder or file of the download could not be written.
    case cannotSave(path: String, reason: String)
    /// Every numbered variant of the name is taken by other files.
    case noFreeName(path: String)
    /// A folder on the way to the file, below the folder the user named, is a symbolic link to elsewhere.
    case linkedFolder(path: String, root: String)

    public var userMessage: String {
        switch self {
        case let .tooLong(fileName, received, expected):
            return "\(fileName) arrived with \(received) bytes, but the course lists \(expected); nothing was saved"
        case let .cutShort(fileName, received, expected):
            return "\(fileName) stopped after \(received) of \(expected) bytes; the rest is fetched next time"
        case let .diskFull(path, reason):
            return "Can't save \(path): \(reason); free some space and retry"
        case let .cannotSave(path, reason):
            return "Can't save \(path): \(reason)"
        case let .noFreeName(path):
            return "Can't save \(path): every numbered name for it is taken"
        case let .linkedFolder(path, root):
            return "Can't save into \(path): it is a symbolic link, and files go only into real folders below \(root)"
        }
    }

    public var isTransient: Bool {
        switch self {
        case .cutShort: return true
        case .tooLong, .diskFull, .cannotSave, .noFreeName, .linkedFolder: return false
        }
    }

    /// The error said in these terms when `error` is a full disk or a failure to write `path`;
    /// nil for anything else, such as a network failure, which keeps its own rules.
    static func local(_ error: any Error, writing path: String) -> DownloadError? {
        let code: Int32
        let shownPath: String
        if let error = error as? FileSystemError {
            code = error.code
            shownPath = error.path
        } else if let error = error as? POSIXError {
            code = error.code.rawValue
            shownPath = path
        } else {
            return nil
        }
        let reason = FileSystemError(code: code, path: shownPath).reason
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: shownPath, reason: reason) }
        return .cannotSave(path: shownPath, reason: reason)
    }
}
