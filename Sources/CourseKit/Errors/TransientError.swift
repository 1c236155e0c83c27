import FoundationEssentials

/// An error that says for itself whether waiting and trying again may fix it.
///
/// The upload queue retries a transient failure by itself and leaves a permanent one for
/// the user, without knowing which backend the error came from.
public protocol TransientError: Error {
    /// True when trying again later may succeed without anyone doing anything.
    var isTransient: Bool { get }
    /// How long the server asked to wait before the next try, when it said.
    var retryAfter: TimeInterval? { get }
    /// True only when the request certainly had no effect: refused before the server acted
    /// on it, or never sent. A submission's attempt can't be waiting behind such a failure.
    var changedNothing: Bool { get }
    /// True when the backend could not be reached at all: no network, or nothing answering.
    var meansOffline: Bool { get }
}

extension TransientError {
    public var retryAfter: TimeInterval? { nil }
    public var changedNothing: Bool { false }
    public var meansOffline: Bool { false }
}

extension Unimplemented: TransientError {
    /// A missing dependency in a test or a build; waiting won't add it.
    public var isTransient: Bool { false }
}
