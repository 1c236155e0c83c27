import CourseKit

/// Why an upload to Canvas failed, beyond what `CanvasError` and `NetworkError` say.
public enum CanvasUploadError: UserFacingError, TransientError, Equatable {
    /// The course's storage quota or the file store's size limit refuses the file.
    case tooLarge(fileName: String)
    /// The signed upload link expired again after a fresh one was asked for.
    case signatureExpired(host: String)
    /// The file store refused the upload with a status that is not an expiry or a size limit.
    case rejected(host: String, status: Int)
    /// The file store wants the upload confirmed on another origin, which must not see the token.
    case confirmationElsewhere(host: String)
    /// The server confirmed a file whose size is not the size sent.
    case sizeMismatch(fileName: String, host: String)

    public var userMessage: String {
        switch self {
        case let .tooLarge(fileName): return "File too large for this course (quota): \(fileName)"
        case let .signatureExpired(host): return "The upload link from \(host) expired before the file was sent"
        case let .rejected(host, status): return "\(host) refused the file (HTTP \(status))"
        case let .confirmationElsewhere(host): return "Canvas asked to finish the upload at \(host); use that address with --canvas"
        case let .sizeMismatch(fileName, host): return "\(host) stored \(fileName) incompletely"
        }
    }

    public var isTransient: Bool {
        switch self {
        case .tooLarge, .confirmationElsewhere:
            return false
        case .signatureExpired, .sizeMismatch:
            // Both end with a fresh attempt from step 1, which asks for a new link.
            return true
        case let .rejected(_, status):
            return CanvasError.isTransient(status: status)
        }
    }
}
