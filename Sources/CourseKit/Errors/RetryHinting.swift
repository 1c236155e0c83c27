import Foundation

/// An error that knows how long to wait before trying again, because the server said so.
///
/// The upload queue waits at least this long, so a job never knocks again before a
/// throttling server's `Retry-After` has passed.
public protocol RetryHinting: Error {
    /// Seconds to wait, or `nil` when the server gave no wait.
    var retryAfter: TimeInterval? { get }
}
