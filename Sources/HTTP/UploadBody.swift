import FoundationEssentials

/// A request body made of bytes in memory and whole files, sent in order without being joined.
///
/// A multipart form is its text fields, the file, and the closing boundary: streaming the
/// parts lets a gigabyte upload leave memory flat and never wait for a copy of the file.
public struct UploadBody: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case bytes(Data)
        /// A file's first `size` bytes; a file that turns out shorter fails the upload.
        case file(URL, size: Int64)

        var length: Int64 {
            switch self {
            case let .bytes(data): return Int64(data.count)
            case let .file(_, size): return size
            }
        }
    }

    public var parts: [Part]
    /// The SHA-256 (lower-case hex) a file part must have, by the file's path.
    ///
    /// Such a file is hashed as it is read, and its last bytes are sent only if the digest
    /// matches: otherwise the upload stops with `DigestMismatch`, and the receiver never gets it whole.
    package var expectedSHA256: [String: String]

    package init(_ parts: [Part], expectedSHA256: [String: String] = [:]) {
        self.parts = parts
        self.expectedSHA256 = expectedSHA256
    }

    public init(_ parts: [Part]) {
        self.init(parts, expectedSHA256: [:])
    }

    /// The whole body's size, sent as `Content-Length` (file stores such as S3 refuse chunked bodies).
    public var length: Int64 {
        parts.reduce(0) { $0 + $1.length }
    }
}

/// A body part that could not be read while it was being sent.
public struct UploadBodyError: Error, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
