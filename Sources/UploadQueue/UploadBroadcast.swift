import CourseKit
import Synchronization

/// Hands every change to the queue to every listener, each through its own stream.
final class UploadBroadcast: Sendable {
    private let listeners = Mutex<[Int: AsyncStream<UploadChange>.Continuation]>([:])
    private let nextID = Mutex(0)

    /// Every change from now on, until the listener stops listening or calls `end()`.
    func subscribe() -> UploadSubscription {
        let (stream, continuation) = AsyncStream.makeStream(of: UploadChange.self)
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.listeners.withLock { _ = $0.removeValue(forKey: id) }
        }
        return UploadSubscription(changes: stream, end: { continuation.finish() })
    }

    func publish(_ change: UploadChange) {
        for listener in listeners.withLock({ Array($0.values) }) {
            listener.yield(change)
        }
    }
}

/// One listener's changes, and a way to stop them with every change so far still delivered.
public struct UploadSubscription: Sendable {
    public let changes: AsyncStream<UploadChange>
    private let finish: @Sendable () -> Void

    init(changes: AsyncStream<UploadChange>, end: @escaping @Sendable () -> Void) {
        self.changes = changes
        finish = end
    }

    /// Ends the stream after the changes already announced, so a listener that reads it to the end misses none.
    public func end() {
        finish()
    }
}
