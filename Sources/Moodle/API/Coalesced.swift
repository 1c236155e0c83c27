import Synchronization

/// One request per key at a time: a caller asking for a key already being fetched waits for
/// that answer instead of sending its own. Nothing is kept once the answer is in, so the next
/// load (a refresh, a retry) asks again.
final class Coalesced<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let running = Mutex<[Key: Task<Value, any Error>]>([:])

    /// The answer for `key`: the one on its way, else `fetch`'s.
    func value(for key: Key, fetch: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = running.withLock { running in
            if let task = running[key] { return task }
            let task = Task { try await fetch() }
            running[key] = task
            return task
        }
        defer { running.withLock { if $0[key] == task { $0[key] = nil } } }
        return try await task.value
    }
}
