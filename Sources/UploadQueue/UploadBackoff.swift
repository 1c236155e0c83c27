import CourseKit
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// How long a job waits after a transient failure: about 1 s, doubling, capped at 5 minutes.
public enum UploadBackoff {
    public static let first: TimeInterval = 1
    public static let cap: TimeInterval = 300
    /// The longest a server's `Retry-After` may hold a job back.
    public static let longestServerWait: TimeInterval = 86_400

    /// The wait after the `attempt`th failure in a row (1-based), scaled by `jitter` in 0.8…1.2
    /// so many clients that lost the network together don't all come back in the same second.
    public static func delay(afterAttempt attempt: Int, jitter: Double) -> TimeInterval {
        let exponent = Double(max(0, min(attempt - 1, 30)))
        let base = min(cap, first * pow(2, exponent))
        return min(cap, base * min(1.2, max(0.8, jitter)))
    }
}
