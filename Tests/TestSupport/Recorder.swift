import Synchronization

/// A thread-safe list of what a fake dependency or a callback saw, in order.
package final class Recorder<Value: Sendable>: Sendable {
    private let stored = Mutex<[Value]>([])

    package init() {}

    package func append(_ value: Value) {
        stored.withLock { $0.append(value) }
    }

    package var values: [Value] {
        stored.withLock { $0 }
    }

    /// A callback that records what it is called with.
    package var record: @Sendable (Value) -> Void {
        { value in self.append(value) }
    }
}
