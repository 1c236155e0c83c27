/// Something about a job the user should hear about even when not looking at the screen.
public enum UploadEvent: Equatable, Sendable {
    /// The file is in the course.
    case finished(UploadJob)
    /// The job failed in a way that won't pass by itself.
    case failedForGood(UploadJob)
}
