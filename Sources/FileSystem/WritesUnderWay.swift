#if canImport(Glibc)
import Glibc
#endif

/// How many writes are under way, and a wait, blocking its thread, until none is.
///
/// A condition variable rather than a poll: the waiter (a process about to exit) wakes when the
/// last write ends. The poll this replaced slept 10 ms at a time, so every command that saved
/// something exited up to 10 ms after its last write had finished.
package final class WritesUnderWay: @unchecked Sendable {
    // Both are touched only through pthread calls, which are the synchronisation; `count` only under `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count = 0

    package init() {
        pthread_mutex_init(mutex, nil)
        // The deadline is on the monotonic clock, so a change of the wall clock neither cuts
        // the wait short nor stretches it.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Counts one more write under way.
    package func began() {
        locked { count += 1 }
    }

    /// Counts a write done, waking the waiters when it was the last.
    package func ended() {
        locked {
            count -= 1
            if count <= 0 { pthread_cond_broadcast(condition) }
        }
    }

    /// Waits until no write is under way or `seconds` have passed; whether none is.
    @discardableResult
    package func waitUntilNone(within limit: Double) -> Bool {
        // A day at most, so the deadline's arithmetic can't overflow.
        let seconds = min(max(limit, 0), 86_400)
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = seconds.rounded(.down)
        let nanoseconds = Int(deadline.tv_nsec) + Int((seconds - whole) * 1_000_000_000)
        deadline.tv_sec += Int(whole) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return locked {
            while count > 0 {
                if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
            }
            return count <= 0
        }
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
