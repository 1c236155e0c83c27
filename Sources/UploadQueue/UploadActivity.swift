import CourseKit
import Foundation

/// What this process's uploads are doing right now: bytes sent per job, and a signal on every change.
///
/// Progress is too frequent to write to disk, so it lives here, in memory, shared by the
/// engine that reports it and the pane that draws it.
public final class UploadActivity: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: [String: UploadProgress] = [:]
    private var listeners: [UUID: AsyncStream<Void>.Continuation] = [:]
    private let clock: WallClock

    public init(clock: WallClock) {
        self.clock = clock
    }

    /// Records that `bytes` of job `id` have been sent.
    public func sent(_ bytes: Int64, for id: String) {
        lock.withLock {
            let startedAt = progress[id]?.startedAt ?? clock.now()
            progress[id] = UploadProgress(sentBytes: bytes, startedAt: startedAt)
        }
    }

    /// Forgets the progress of a job whose attempt ended, and tells listeners.
    public func ended(_ id: String) {
        lock.withLock { _ = progress.removeValue(forKey: id) }
        changed()
    }

    public var snapshot: [String: UploadProgress] {
        lock.withLock { progress }
    }

    /// Tells every listener that the queue changed.
    public func changed() {
        for listener in lock.withLock({ Array(listeners.values) }) {
            listener.yield()
        }
    }

    /// A stream that yields on every change until the consumer stops listening.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        lock.withLock { listeners[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) }
        }
        return stream
    }
}
