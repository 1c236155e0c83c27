import Testing

/// Thrown when something a test waited for (other than a screen) never happened.
struct NeverHappened: Error, CustomStringConvertible {
    var expectation: String
    var sourceLocation: SourceLocation

    var description: String {
        "Timed out at \(sourceLocation.fileName):\(sourceLocation.line) waiting for: \(expectation)"
    }
}

/// How long a test waits for what it expects before it fails. What is awaited shows in well
/// under a second on its own, but CI runs the whole suite at once on two cores, each screen
/// read a tmux process of its own, and a busy host has made that take over ten seconds.
let patience: Duration = .seconds(30)

/// Polls `condition` every 50 ms until it holds; after `timeout` throws `NeverHappened`.
func eventually(
    _ expectation: String,
    timeout: Duration = patience,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else {
            throw NeverHappened(expectation: expectation, sourceLocation: sourceLocation)
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}
