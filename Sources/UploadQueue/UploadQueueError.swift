import CourseKit

/// Why the upload queue could not do what was asked, naming the file or job involved.
public enum UploadQueueError: UserFacingError, Equatable {
    /// The file to queue does not exist.
    case missing(path: String)
    /// The path names a folder; only files can be uploaded.
    case folder(path: String)
    /// The file exists but can't be read (or is not a regular file), or the queue can't be listed.
    case unreadable(path: String, reason: String)
    /// The data directory can't be written, so nothing was queued or changed.
    case notWritable(path: String, reason: String)
    /// No job with this ID is in the queue: it was removed, or never existed.
    case jobNotFound(id: String)
    /// The job is being uploaded right now, by this process or another one.
    case inUse(id: String)
    /// The job's record can't be read, so it can only be removed.
    case damaged(id: String)
    /// A submission was asked for with no file to hand in.
    case noFiles
    /// A post to a discussion was asked for with no words in it.
    case noWords

    public var userMessage: String {
        switch self {
        case let .missing(path):
            return "Can't find \(path)"
        case let .folder(path):
            return "\(path) is a folder; choose a file to upload"
        case let .unreadable(path, reason):
            return "Can't read \(path): \(reason)"
        case let .notWritable(path, reason):
            return "Can't save to the upload queue in \(path): \(reason)"
        case let .jobNotFound(id):
            return "Upload \(id) is no longer in the queue"
        case let .inUse(id):
            return "Upload \(id) is being sent right now; try again when it finishes"
        case let .damaged(id):
            return "Upload \(id) has a damaged record; it can only be removed"
        case .noFiles:
            return "Choose at least one file to hand in"
        case .noWords:
            return "Write something to post"
        }
    }
}
