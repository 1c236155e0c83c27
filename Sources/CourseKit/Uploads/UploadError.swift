/// Why an upload failed on the way to any backend: the queued file itself, or saving it.
public enum UploadError: UserFacingError, TransientError, Equatable {
    /// The queue's captured copy of the file is missing or unreadable.
    case payloadMissing(fileName: String)
    /// The queue's captured copy no longer matches what was captured: its size or its SHA-256 changed.
    case payloadDamaged(fileName: String, detail: String)
    /// The offline backend could not write its copy.
    case cannotSave(fileName: String, reason: String)

    public var userMessage: String {
        switch self {
        case let .payloadMissing(fileName): return "The file to upload is gone from the queue: \(fileName)"
        case let .payloadDamaged(fileName, detail):
            return "The queued copy of \(fileName) is damaged (\(detail)); queue the file again"
        case let .cannotSave(fileName, reason): return "Can't save \(fileName): \(reason)"
        }
    }

    public var isTransient: Bool {
        switch self {
        case .payloadMissing, .payloadDamaged: return false
        // Usually a full disk, which passes once space is freed.
        case .cannotSave: return true
        }
    }
}
