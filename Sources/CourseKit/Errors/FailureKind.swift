/// What kind of failure an error is, by the name scripts read in `{"error": {"kind": …}}`: the
/// same few names whichever backend failed, so a script tells "try later" from "log in again".
public enum FailureKind: String, Sendable, CaseIterable {
    /// The backend could not be reached: no network, or nothing answering.
    case offline
    /// The access token was refused, or there is no login to use.
    case auth
    /// The user may not see or do this.
    case permission
    /// No such course, assignment or file.
    case notFound = "not_found"
    /// The backend throttles requests; waiting helps.
    case rateLimited = "rate_limited"
    /// The backend failed, or answered what can't be read; it may pass.
    case server
    /// `--offline` asked for what was never saved on this machine.
    case notSaved = "not_saved"
    /// The command line can't be run as it is.
    case usage
    /// Anything else, in the message's words.
    case failed

    /// The kind of `error`: its own where it says, else whether the backend was out of reach.
    public static func of(_ error: any Error) -> FailureKind {
        if let classified = error as? any ClassifiedFailure {
            return classified.failureKind
        }
        if let transient = error as? any TransientError {
            if transient.meansOffline { return .offline }
            if transient.retryAfter != nil { return .rateLimited }
            if transient.isTransient { return .server }
        }
        return .failed
    }
}

/// An error that says which kind of failure it is.
public protocol ClassifiedFailure: Error {
    var failureKind: FailureKind { get }
}
