import FoundationEssentials

/// Hands a queued job's files in to its assignment: on Canvas, or into a folder for the
/// offline backends.
///
/// Its three calls are the steps the upload engine's exactly-once protocol is made of; the
/// engine decides when each may run, the transport only talks to the backend.
public struct SubmissionTransport: Sendable {
    /// Every attempt the user has made at the assignment, oldest first; empty before the first.
    public var attempts: @Sendable (_ course: CourseID, _ assignmentID: String) async throws -> [SubmissionAttempt]
    /// Uploads file `index` of `job` from `payload` (the queue's captured copy), reporting its
    /// bytes sent so far; returns the ID the submission names the file by. Uploading a file
    /// again only leaves an unused copy, never a second attempt.
    public var uploadFile: @Sendable (
        _ job: UploadJob,
        _ index: Int,
        _ payload: URL,
        _ progress: @escaping @Sendable (_ sentBytes: Int64) -> Void
    ) async throws -> String
    /// Creates one new attempt at `job`'s assignment made of the files `fileIDs` name; returns
    /// the attempt the backend recorded when its answer says.
    public var submit: @Sendable (_ job: UploadJob, _ fileIDs: [String]) async throws -> SubmissionAttempt?

    public init(
        attempts: @escaping @Sendable (_ course: CourseID, _ assignmentID: String) async throws -> [SubmissionAttempt],
        uploadFile: @escaping @Sendable (
            _ job: UploadJob, _ index: Int, _ payload: URL, _ progress: @escaping @Sendable (_ sentBytes: Int64) -> Void
        ) async throws -> String,
        submit: @escaping @Sendable (_ job: UploadJob, _ fileIDs: [String]) async throws -> SubmissionAttempt?
    ) {
        self.attempts = attempts
        self.uploadFile = uploadFile
        self.submit = submit
    }
}

extension SubmissionTransport {
    public static let unimplemented = SubmissionTransport(
        attempts: { _, _ in throw Unimplemented("SubmissionTransport.attempts") },
        uploadFile: { _, _, _, _ in throw Unimplemented("SubmissionTransport.uploadFile") },
        submit: { _, _ in throw Unimplemented("SubmissionTransport.submit") }
    )
}
