import FoundationEssentials

/// Fetches one queued download's bytes into its `.part` file: from Canvas (through its file
/// store), or from a catalog for the offline backends.
///
/// The queue owns everything around it (where the file goes, the final size check, the
/// rename into place); a transport only fills the part file. Like `UploadTransport`, any
/// failure may be retried: `UploadFailure.isTransient` says which the queue retries by itself.
public struct DownloadTransport: Sendable {
    public var fetch: @Sendable (_ request: DownloadRequest) async throws -> Void

    public init(fetch: @escaping @Sendable (_ request: DownloadRequest) async throws -> Void) {
        self.fetch = fetch
    }
}

/// What a transport needs for one attempt at a download.
public struct DownloadRequest: Sendable {
    /// The job, whose `download` says which file of which course.
    public var job: UploadJob
    /// Where the bytes go. Its length is what an earlier attempt already has: a transport asks to
    /// resume from there (`Range`, with `If-Range: validator`) and appends when the server sends
    /// that range, or truncates and starts over when it sends the whole file. It returns only when
    /// the part holds the whole body the server announced.
    public var part: URL
    /// The `ETag` (else `Last-Modified`) the bytes already in `part` came with; nil when there are none.
    public var validator: String?
    /// Records the validator of a body about to be written from its first byte, before it is: the
    /// queue keeps it in the job's record, so a resume after kill -9 asks with the right one.
    public var remember: @Sendable (_ validator: String?) async throws -> Void
    /// How many bytes `part` holds so far.
    public var progress: @Sendable (_ receivedBytes: Int64) -> Void

    public init(
        job: UploadJob, part: URL, validator: String?,
        remember: @escaping @Sendable (_ validator: String?) async throws -> Void,
        progress: @escaping @Sendable (_ receivedBytes: Int64) -> Void
    ) {
        self.job = job
        self.part = part
        self.validator = validator
        self.remember = remember
        self.progress = progress
    }
}

extension DownloadTransport {
    public static let unimplemented = DownloadTransport { _ in throw Unimplemented("DownloadTransport.fetch") }
}
