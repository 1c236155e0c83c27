import CourseKit

/// Why fetching a course file's bytes from Moodle failed, beyond what `MoodleError` and `NetworkError` say.
public enum MoodleDownloadError: UserFacingError, TransientError, Equatable {
    /// The site has no such file any more (`filenotfound`, 404).
    case gone(fileName: String)
    /// The file's module is closed to the student; `reason` is Moodle's.
    case locked(fileName: String, reason: String)
    /// The file's address is not on the site, which is the only place the token may go.
    case notOnSite(fileName: String, host: String)
    /// The file changed on the site between two parts of its download: what came is thrown away
    /// and the next try starts over.
    case changedWhileDownloading(fileName: String)
    /// The file changed on the site since it was queued: its size is no longer the one the job expects.
    case changedSinceQueued(fileName: String)

    public var userMessage: String {
        switch self {
        case let .gone(fileName):
            return "\(fileName) is no longer in the course"
        case let .locked(fileName, reason):
            return "\(fileName) is locked: \(reason)"
        case let .notOnSite(fileName, host):
            return "\(fileName) is served from \(host), not the Moodle site; it was not asked for, as the token goes to the site only"
        case let .changedWhileDownloading(fileName):
            return "\(fileName) changed on Moodle while it downloaded; it starts over"
        case let .changedSinceQueued(fileName):
            return "\(fileName) changed on Moodle since it was queued; download it again"
        }
    }

    public var isTransient: Bool {
        self == .changedWhileDownloading(fileName: fileName)
    }

    private var fileName: String {
        switch self {
        case let .gone(name), let .locked(name, _), let .notOnSite(name, _), let .changedWhileDownloading(name), let .changedSinceQueued(name):
            return name
        }
    }
}
