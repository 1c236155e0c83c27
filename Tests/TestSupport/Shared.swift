import Synchronization

/// A value a test shares with the fakes it runs, read and changed from any thread.
package final class Shared<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>

    package init(_ value: Value) {
        stored = Mutex(value)
    }

    package var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    /// Changes the value in place, atomically, and returns what `body` returns.
    package func modify<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        stored.withLock { body(&$0) }
    }
}
