import FoundationEssentials

/// Sends one queued file to its course: to Canvas, or to a folder for the offline backends.
///
/// An upload either completes or throws; it never leaves a second copy behind, so the
/// queue may retry any failure. `UploadFailure.isTransient` says which failures to retry
/// by itself.
public struct UploadTransport: Sendable {
    /// Uploads `payload` (the queue's captured copy of the file) as `job.fileName` to
    /// `job.courseID`, reporting how many of its bytes were sent so far.
    public var upload: @Sendable (
        _ job: UploadJob,
        _ payload: URL,
        _ progress: @escaping @Sendable (_ sentBytes: Int64) -> Void
    ) async throws -> Void

    public init(
        upload: @escaping @Sendable (
            _ job: UploadJob,
            _ payload: URL,
            _ progress: @escaping @Sendable (_ sentBytes: Int64) -> Void
        ) async throws -> Void
    ) {
        self.upload = upload
    }
}

extension UploadTransport {
    /// Accepts every upload at once and keeps nothing.
    public static let noOp = UploadTransport { _, _, _ in }

    public static let unimplemented = UploadTransport { _, _, _ in throw Unimplemented("UploadTransport.upload") }
}
