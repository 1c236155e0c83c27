import CourseKit
import Foundation
import Synchronization

/// A clock a test moves by hand; sleeping only lets other tasks run, and a wait for a time on
/// it lasts until the test moves the clock there.
package final class ManualClock: Sendable {
    /// Someone waiting for the clock to read `date`.
    private struct Waiter {
        var id: Int
        var date: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Time {
        var now: Date
        var waiters: [Waiter] = []
        var nextID = 0
        var sleeps = 0
    }

    private let time: Mutex<Time>

    package init(_ start: Date) {
        time = Mutex(Time(now: start))
    }

    package func now() -> Date {
        time.withLock { $0.now }
    }

    /// How many sleeps were begun on this clock so far: a pane that polls keeps adding to it.
    package var sleeps: Int {
        time.withLock { $0.sleeps }
    }

    /// The times waited for now, earliest first.
    package var waits: [Date] {
        time.withLock { $0.waiters.map(\.date).sorted() }
    }

    /// Moves the clock on by `seconds`, ending every wait for a time it now reads.
    package func advance(by seconds: TimeInterval) {
        let due = time.withLock { time in
            time.now += seconds
            let now = time.now
            let due = time.waiters.filter { $0.date <= now }
            time.waiters.removeAll { $0.date <= now }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    private func wait(until date: Date) async throws {
        let id = time.withLock { time in
            defer { time.nextID += 1 }
            return time.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = time.withLock { time in
                    guard time.now < date, !Task.isCancelled else { return true }
                    time.waiters.append(Waiter(id: id, date: date, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = time.withLock { time in
                let index = time.waiters.firstIndex { $0.id == id }
                return index.map { time.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    package var client: WallClock {
        WallClock(
            now: { self.now() },
            sleep: { _ in
                self.time.withLock { $0.sleeps += 1 }
                await Task.yield()
                try Task.checkCancellation()
            },
            wait: { try await self.wait(until: $0) }
        )
    }
}
