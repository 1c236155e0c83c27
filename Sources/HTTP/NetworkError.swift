/// A request that never got a usable HTTP answer.
public enum NetworkError: Error, Equatable, Sendable {
    /// Refused, unresolvable, or cut off before any answer came.
    case unreachable(host: String)
    /// The answer began (its status line came) and the connection broke before its end: the
    /// host was reached, and what it sent is incomplete.
    case cutOff(host: String)
    /// No connection within the time allowed: the host or the network is down or filtered.
    case noConnection(host: String, seconds: Int)
    /// Connected, but no complete answer within the time allowed.
    case timedOut(host: String, seconds: Int)
    /// The host's certificate can't be trusted, so nothing was sent to it.
    case untrustedCertificate(host: String)
    /// The answer is larger than anything the app asks for should be.
    case answerTooLarge(host: String, limit: Int64)
    /// libcurl can't be loaded here, so nothing can be sent at all.
    case noHTTP(reason: String)

    /// One short line for a pane's error row.
    public var userMessage: String {
        switch self {
        case let .unreachable(host): return "Can't reach \(host)"
        case let .cutOff(host): return "The answer from \(host) broke off before its end"
        case let .noConnection(host, seconds): return "Can't connect to \(host) (no answer in \(seconds) s)"
        case let .timedOut(host, seconds): return "\(host) didn't answer in \(seconds) s"
        case let .untrustedCertificate(host): return "\(host)'s certificate can't be trusted; nothing was sent"
        case let .answerTooLarge(host, limit): return "\(host) sent an answer too large to read (over \(limit / 1_000_000) MB)"
        case let .noHTTP(reason): return reason
        }
    }

    /// Whether trying again later may work without anyone doing anything.
    ///
    /// A certificate that can't be trusted is often a captive portal on a train or hotel
    /// network, which goes away; an answer too large will be as large next time.
    public var isTransient: Bool {
        switch self {
        case .answerTooLarge, .noHTTP: return false
        case .unreachable, .cutOff, .noConnection, .timedOut, .untrustedCertificate: return true
        }
    }
}
