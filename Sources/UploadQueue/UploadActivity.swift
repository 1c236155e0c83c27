import CourseKit
import FoundationEssentials
import Synchronization

/// Bytes sent so far by this process's transfers in flight, by job ID, and who is told as they move.
///
/// Progress is too frequent to write to disk or to announce as a change of the queue, so it
/// lives here, in memory: the engine records it, and followers (the panes showing a transfer)
/// are told at most ten times a second while it moves, and when a transfer ends; never while
/// nothing moves.
public final class UploadActivity: Sendable {
    /// The least time between two tellings of a transfer that moves: as often as the screen animates.
    static let tellingInterval: TimeInterval = 0.1

    private struct State {
        var progress: [String: UploadProgress] = [:]
        var followers: [Int: AsyncStream<[String: UploadProgress]>.Continuation] = [:]
        var nextFollower = 0
        var lastTold: Date?
    }

    private let state = Mutex(State())
    private let clock: WallClock

    public init(clock: WallClock) {
        self.clock = clock
    }

    /// Records that `bytes` of job `id` have been sent, and tells the followers if the last
    /// telling is a tenth of a second old.
    public func sent(_ bytes: Int64, for id: String) {
        let now = clock.now()
        let telling = state.withLock { state -> ([AsyncStream<[String: UploadProgress]>.Continuation], [String: UploadProgress])? in
            let startedAt = state.progress[id]?.startedAt ?? now
            state.progress[id] = UploadProgress(sentBytes: bytes, startedAt: startedAt)
            guard !state.followers.isEmpty, state.lastTold.map({ now.timeIntervalSince($0) >= Self.tellingInterval }) ?? true else { return nil }
            state.lastTold = now
            return (Array(state.followers.values), state.progress)
        }
        if let (followers, progress) = telling {
            followers.forEach { $0.yield(progress) }
        }
    }

    /// Forgets the progress of a job whose attempt ended, and tells the followers at once.
    public func ended(_ id: String) {
        let (followers, progress) = state.withLock { state in
            state.progress.removeValue(forKey: id)
            return (Array(state.followers.values), state.progress)
        }
        followers.forEach { $0.yield(progress) }
    }

    public var snapshot: [String: UploadProgress] {
        state.withLock { $0.progress }
    }

    /// The progress now, then each telling, until the follower stops listening; a follower
    /// slower than the tellings gets the latest.
    public func updates() -> AsyncStream<[String: UploadProgress]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [String: UploadProgress].self, bufferingPolicy: .bufferingNewest(1))
        let (key, now) = state.withLock { state in
            let key = state.nextFollower
            state.nextFollower += 1
            state.followers[key] = continuation
            return (key, state.progress)
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.followers.removeValue(forKey: key) }
        }
        continuation.yield(now)
        return stream
    }
}
