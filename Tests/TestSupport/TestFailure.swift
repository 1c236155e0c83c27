import CourseKit
import Foundation

/// An error a fake backend throws, saying for itself whether it passes, as real errors do.
package struct TestFailure: UserFacingError, TransientError, Equatable {
    package var userMessage: String
    package var isTransient: Bool
    package var retryAfter: TimeInterval?
    /// Whether it stands for nothing reachable, as a network that is down, rather than a server's failure.
    package var meansOffline: Bool

    package init(_ userMessage: String, transient: Bool, retryAfter: TimeInterval? = nil, offline: Bool = false) {
        self.userMessage = userMessage
        isTransient = transient
        self.retryAfter = retryAfter
        meansOffline = offline
    }
}
