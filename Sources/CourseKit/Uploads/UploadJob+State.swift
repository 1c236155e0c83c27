import FoundationEssentials

extension UploadJob.State {
    /// Failed in a way that won't pass by itself.
    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// Its record can't be read.
    public var isDamaged: Bool {
        if case .damaged = self { return true }
        return false
    }

    /// Whether a retry makes the job due now: it failed, or waits for its next attempt.
    public var isRetryable: Bool {
        switch self {
        case .failed, .waiting: true
        case .queued, .uploading, .done, .damaged: false
        }
    }

    /// Whether the user may take the job out of the queue: any time but while it uploads.
    public var isRemovable: Bool {
        switch self {
        case .queued, .failed, .waiting, .damaged, .done: true
        case .uploading: false
        }
    }

    /// Whether the job is being sent now.
    public var isSending: Bool {
        if case .uploading = self { return true }
        return false
    }

    /// Whether the job is on its way: uploading, or waiting to try again.
    public var isUnderWay: Bool {
        switch self {
        case .uploading, .waiting: true
        case .queued, .failed, .done, .damaged: false
        }
    }

    /// Still to be uploaded: queued, in flight, or waiting to try again.
    public var isPending: Bool {
        switch self {
        case .queued, .uploading, .waiting: true
        case .failed, .done, .damaged: false
        }
    }

    /// The state's one-word name, as `queue` prints it.
    public var name: String {
        switch self {
        case .queued: "queued"
        case .uploading: "uploading"
        case .waiting: "waiting"
        case .failed: "failed"
        case .done: "done"
        case .damaged: "damaged"
        }
    }

    /// Whole seconds from `now` until `date`, for "retry in Ns": 0 once it has passed, and at
    /// most a billion, since a record read from a damaged file may hold any date.
    public static func secondsLeft(until date: Date, from now: Date) -> Int {
        Int(max(0, min(1e9, date.timeIntervalSince(now).rounded(.up))))
    }
}
