import Testing

/// Thrown when something a test waited for never happened.
package struct NeverHappened: Error, CustomStringConvertible {
    package var expectation: String

    package var description: String { "never happened: \(expectation)" }
}

/// Asks `condition` every 50 ms until it holds; after `timeout` throws `NeverHappened`.
///
/// A whole run keeps every core busy, and a test's tasks then wait their turn among the rest:
/// the minute is for that, not for what the test waits for.
package func eventually(
    _ expectation: String,
    timeout: Duration = .seconds(60),
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw NeverHappened(expectation: expectation) }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Lets pending tasks run until `condition` holds, failing the test if it never does.
///
/// Work that finishes on the main actor needs only yields; nothing here sleeps.
@MainActor
package func settle(
    _ condition: @MainActor () -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    for _ in 0..<10_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("condition never became true", sourceLocation: sourceLocation)
}
