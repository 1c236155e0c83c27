import CourseKit
import Synchronization

/// The site has not answered within the time a saved copy is kept waiting: the copy is
/// answered instead, and the site's answer, when it comes, is saved for the next question.
struct SlowSite: UserFacingError, TransientError {
    var limit: Duration

    var userMessage: String { "the site has not answered in \(limit.components.seconds) s" }
    var isTransient: Bool { true }
}

extension SlowSite {
    /// What `body` returns, or `SlowSite` when it takes longer than `limit`; `body` then runs on,
    /// unwaited for, so its answer is still saved. Cancelled, it cancels `body` and throws.
    static func race<Value: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.begin(continuation, limit: limit, body)
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// The two runners of one race and the continuation the first to end resumes.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var work: Task<Void, Never>?
            var timer: Task<Void, Never>?
            var cancelled = false
        }

        private let state = Mutex(State())

        func begin(_ continuation: CheckedContinuation<Value, any Error>, limit: Duration, _ body: @escaping @Sendable () async throws -> Value) {
            let cancelled = state.withLock { state in
                state.continuation = continuation
                return state.cancelled
            }
            guard !cancelled else { return settle(.failure(CancellationError())) }
            let work = Task {
                do {
                    self.settle(.success(try await body()))
                } catch {
                    self.settle(.failure(error))
                }
            }
            let timer = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                self.settle(.failure(SlowSite(limit: limit)))
            }
            state.withLock { state in (state.work, state.timer) = (work, timer) }
        }

        /// The request was cancelled: the fetch is stopped too, as nobody waits for its answer.
        func cancel() {
            let (work, timer) = state.withLock { state in
                state.cancelled = true
                return (state.work, state.timer)
            }
            work?.cancel()
            timer?.cancel()
            settle(.failure(CancellationError()))
        }

        /// Resumes the continuation with the first outcome only, and stops the timer.
        private func settle(_ outcome: Result<Value, any Error>) {
            let (continuation, timer) = state.withLock { state in
                defer { state.continuation = nil }
                return (state.continuation, state.timer)
            }
            timer?.cancel()
            continuation?.resume(with: outcome)
        }
    }
}
