import Testing

/// Thrown when something a test waited for (other than a screen) never happened.
struct NeverHappened: Error, CustomStringConvertible {
    var expectation: String
    var sourceLocation: SourceLocation

    var description: String {
        "Timed out at \(sourceLocation.fileName):\(sourceLocation.line) waiting for: \(expectation)"
    }
}

/// Polls `condition` every 50 ms until it holds; after `timeout` throws `NeverHappened`.
func eventually(
    _ expectation: String,
    timeout: Duration = .seconds(10),
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
