/// A download that got an answer but could not put its body where it belongs.
public enum HTTPDownloadError: Error, Equatable, Sendable {
    /// The file could not be opened or written: `reason` says why ("the disk is full"),
    /// `code` is the `errno` behind it, so a caller can tell a full disk from a lost folder.
    case cantWrite(path: String, reason: String, code: Int32)
    /// The server sent a part of the file that does not start where the file ends: appending
    /// it would corrupt the file, so nothing was written.
    case wrongRange(host: String, resumeFrom: Int64, contentRange: String)

    /// One short line for a pane's error row.
    public var userMessage: String {
        switch self {
        case let .cantWrite(path, reason, _):
            return "Can't write \(path): \(reason)"
        case let .wrongRange(host, resumeFrom, contentRange):
            return "\(host) sent the file from the wrong place (asked from byte \(resumeFrom), got \"\(contentRange)\")"
        }
    }
}
