/// One file waiting in, or gone through, the upload queue.
public struct UploadJob: Equatable, Sendable, Identifiable {
    /// Where a job stands.
    public enum State: Equatable, Sendable {
        case queued
        case uploading(sentBytes: Int64)
        case waiting(retryInSeconds: Int, reason: String)
        case failed(reason: String)
        case done
    }

    public var id: String
    public var courseID: CourseID
    public var fileName: String
    public var size: Int64
    public var state: State

    public init(id: String, courseID: CourseID, fileName: String, size: Int64, state: State) {
        self.id = id
        self.courseID = courseID
        self.fileName = fileName
        self.size = size
        self.state = state
    }
}
