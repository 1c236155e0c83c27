/// A request that never got an HTTP answer.
public enum NetworkError: UserFacingError, Equatable {
    /// Refused, unresolvable, or cut off before the answer was complete.
    case unreachable(host: String)
    /// No complete answer within the time allowed.
    case timedOut(host: String, seconds: Int)

    public var userMessage: String {
        switch self {
        case let .unreachable(host): return "Can't reach \(host)"
        case let .timedOut(host, seconds): return "\(host) didn't answer in \(seconds) s"
        }
    }
}
