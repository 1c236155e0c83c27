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
    /// What `body` returns, or `SlowSite` when it takes longer than `limit`; `body` runs on
    /// after that, unwaited for.
    static func race<Value: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let answered = Mutex(false)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            /// Resumes the continuation with the first outcome only.
            let settle: @Sendable (Result<Value, any Error>) -> Void = { outcome in
                let first = answered.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(with: outcome) }
            }
            Task {
                do {
                    settle(.success(try await body()))
                } catch {
                    settle(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                settle(.failure(SlowSite(limit: limit)))
            }
        }
    }
}
