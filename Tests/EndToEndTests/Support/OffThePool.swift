import Foundation

/// Runs `work` on a thread of its own and waits for it without holding one of the few threads
/// tasks run on: a command that takes seconds (a `sync` of a large file, `sha256sum` of it) would
/// otherwise stall every other test's tasks meanwhile.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
