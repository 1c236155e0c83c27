import CourseKit

/// Why fetching a course file's bytes from Canvas failed, beyond what `CanvasError` and `NetworkError` say.
public enum CanvasDownloadError: UserFacingError, TransientError, Equatable {
    /// The file is locked for the user; `reason` is Canvas's `lock_explanation`.
    case locked(fileName: String, reason: String)
    /// The file store (or Canvas) refused the file again after a fresh address; `reason` is its own words.
    case refused(fileName: String, host: String, reason: String)
    /// More bytes arrived than the file has: the bytes are not this file's, so they were thrown away.
    case tooLong(fileName: String, expected: Int64, received: Int64)
    /// The server's whole file is shorter than the size Canvas gave: it is not this file, so nothing was kept.
    case tooShort(fileName: String, expected: Int64, received: Int64)
    /// Fewer bytes arrived than the file has; what came is kept and the next attempt resumes after it.
    case incomplete(fileName: String, expected: Int64, received: Int64)
    /// The file changed on Canvas since it was queued: its size is no longer the one the job expects.
    case changedSinceQueued(fileName: String)
    /// The file store answered with an error of its own; `reason` is its own words, when it gave any.
    case storeFailed(fileName: String, host: String, status: Int, reason: String)

    public var userMessage: String {
        switch self {
        case let .locked(fileName, reason):
            return "\(fileName) is locked: \(reason)"
        case let .refused(fileName, host, reason):
            return "\(host) refused \(fileName): \(reason)"
        case let .tooLong(fileName, expected, received):
            return "\(fileName): the server sent \(received) bytes for a file of \(expected); nothing was kept"
        case let .tooShort(fileName, expected, received):
            return "\(fileName): the server has \(received) bytes of a file of \(expected); nothing was kept"
        case let .incomplete(fileName, expected, received):
            return "\(fileName): \(received) of \(expected) bytes arrived; the rest comes on the next try"
        case let .changedSinceQueued(fileName):
            return "\(fileName) changed on Canvas since it was queued; download it again"
        case let .storeFailed(fileName, host, status, reason):
            let said = reason == "HTTP \(status)" ? reason : "\(reason) (HTTP \(status))"
            return "\(host) failed to send \(fileName): \(said)"
        }
    }

    /// A cut-short body resumes; a store's error of the server kind (5xx, or a timeout it
    /// reports) may pass, while its refusals (4xx) say the same next time.
    public var isTransient: Bool {
        switch self {
        case .incomplete: true
        case let .storeFailed(_, _, status, _): status >= 500 || status == 408
        case .locked, .refused, .tooLong, .tooShort, .changedSinceQueued: false
        }
    }
}
