import Foundation

/// One file in the upload queue: what to send, where, and where it stands.
public struct UploadJob: Equatable, Sendable, Identifiable, Codable {
    /// Where a job stands.
    public enum State: Equatable, Sendable, Codable {
        /// Waiting for its first attempt.
        case queued
        /// An attempt is under way (as last recorded; a dead owner's job is picked up again).
        case uploading
        /// The last attempt failed in a way that may pass; the next one is due at `until`.
        case waiting(until: Date, reason: String)
        /// Failed in a way that won't pass by itself; waits for the user to retry.
        case failed(reason: String)
        /// Uploaded and confirmed by the backend.
        case done
        /// Its record can't be read (cut short, not JSON, missing): never uploaded, retried or
        /// rewritten; its captured bytes stay where `reason` says until the user removes it.
        case damaged(reason: String)
    }

    public var id: String
    public var courseID: CourseID
    /// The file's name as it will appear in the course.
    public var fileName: String
    /// Where the file was when it was queued, for display only: the queued bytes are a captured copy.
    public var sourcePath: String
    public var size: Int64
    /// The backend the job belongs to, such as `canvas https://school.example` or `local`; never uploaded elsewhere.
    public var backend: String
    public var queuedAt: Date
    public var state: State
    public var attempts: Int
    /// The SHA-256 of the bytes captured when the job was queued, checked with `size` before
    /// every attempt; nil for jobs queued before it was recorded.
    public var sha256: String?

    public init(
        id: String, courseID: CourseID, fileName: String, sourcePath: String, size: Int64,
        backend: String, queuedAt: Date, state: State = .queued, attempts: Int = 0, sha256: String? = nil
    ) {
        self.id = id
        self.courseID = courseID
        self.fileName = fileName
        self.sourcePath = sourcePath
        self.size = size
        self.backend = backend
        self.queuedAt = queuedAt
        self.state = state
        self.attempts = attempts
        self.sha256 = sha256
    }

    /// Why the job is waiting, failed or damaged; nil otherwise.
    public var lastError: String? {
        switch state {
        case let .waiting(_, reason), let .failed(reason), let .damaged(reason): return reason
        case .queued, .uploading, .done: return nil
        }
    }
}

extension CourseID: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CourseID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty course ID"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
