import FoundationEssentials

/// A request body made of bytes in memory and whole files, sent in order without being joined.
///
/// A multipart form is its text fields, the file, and the closing boundary: streaming the
/// parts lets a gigabyte upload leave memory flat and never wait for a copy of the file.
public struct UploadBody: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case bytes(Data)
        /// A file's first `size` bytes; a file that turns out shorter fails the upload.
        ///
        /// With `sha256`, the bytes are hashed as they are read and the last of them is sent
        /// only if the digest matches: otherwise the upload stops with `DigestMismatch`.
        case file(URL, size: Int64, sha256: String? = nil)

        var length: Int64 {
            switch self {
            case let .bytes(data): return Int64(data.count)
            case let .file(_, size, _): return size
            }
        }
    }

    public var parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = parts
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
