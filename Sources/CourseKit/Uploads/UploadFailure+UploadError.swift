/// Why an upload failed, beyond what `NetworkError` and `CanvasError` say.
///
/// Lives next to `UploadFailure`, which decides which of these the queue retries by itself.
public enum UploadError: UserFacingError, Equatable {
    /// The queue's captured copy of the file is missing or unreadable.
    case payloadMissing(fileName: String)
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
    /// The offline backend could not write its copy.
    case cannotSave(fileName: String, reason: String)

    public var userMessage: String {
        switch self {
        case let .payloadMissing(fileName): return "The file to upload is gone from the queue: \(fileName)"
        case let .tooLarge(fileName): return "File too large for this course (quota): \(fileName)"
        case let .signatureExpired(host): return "The upload link from \(host) expired before the file was sent"
        case let .rejected(host, status): return "\(host) refused the file (HTTP \(status))"
        case let .confirmationElsewhere(host): return "Canvas asked to finish the upload at \(host); use that address with --canvas"
        case let .sizeMismatch(fileName, host): return "\(host) stored \(fileName) incompletely"
        case let .cannotSave(fileName, reason): return "Can't save \(fileName): \(reason)"
        }
    }
}
