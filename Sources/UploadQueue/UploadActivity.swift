import CourseKit
import FoundationEssentials
import Synchronization

/// Bytes sent so far by this process's uploads in flight, by job ID.
///
/// Progress is too frequent to write to disk or to announce as a change, so it lives here,
/// in memory: the engine records it, and the Uploads pane asks for it as often as the screen
/// animates while a job is being sent, never while none is.
public final class UploadActivity: Sendable {
    private let progress = Mutex<[String: UploadProgress]>([:])
    private let clock: WallClock

    public init(clock: WallClock) {
        self.clock = clock
    }

    /// Records that `bytes` of job `id` have been sent.
    public func sent(_ bytes: Int64, for id: String) {
        let now = clock.now()
        progress.withLock { progress in
            let startedAt = progress[id]?.startedAt ?? now
            progress[id] = UploadProgress(sentBytes: bytes, startedAt: startedAt)
        }
    }

    /// Forgets the progress of a job whose attempt ended.
    public func ended(_ id: String) {
        progress.withLock { _ = $0.removeValue(forKey: id) }
    }

    public var snapshot: [String: UploadProgress] {
        progress.withLock { $0 }
    }
}
