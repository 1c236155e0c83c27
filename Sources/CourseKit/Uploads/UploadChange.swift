/// One change to the upload queue, as the process that made it tells everyone listening.
public enum UploadChange: Equatable, Sendable {
    /// A job was queued, or its state changed (an attempt began, failed, waited, finished).
    case updated(UploadJob)
    /// A job left the queue.
    case removed(id: String)
}
