/// A switch one task flips to let another go on.
package final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    package init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Waits until `open()`, or returns at once if it was already called.
    package func wait() async {
        for await _ in stream { return }
    }

    package func open() {
        continuation.yield()
        continuation.finish()
    }
}
