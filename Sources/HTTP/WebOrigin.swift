import FoundationEssentials
import TextBasics

/// The scheme, host and port a URL talks to, compared the way browsers compare origins.
///
/// Only URLs with the LMS's own origin may see its token; this is the one check for it.
public struct WebOrigin: Equatable, Sendable {
    public var scheme: String
    public var host: String
    public var port: Int

    /// The origin of `url`, or `nil` when it is not http(s) with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let defaultPort = Self.defaultPorts[scheme],
              let host = url.host?.lowercased().trimming(ScalarSet(charactersIn: "[]")), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? defaultPort
    }

    /// The host as people write it: `school.edu`, or `localhost:8080` when the port is not the default.
    public var displayHost: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == Self.defaultPorts[scheme] ? name : "\(name):\(port)"
    }

    /// True for hosts that never leave this machine, where plain http can't expose the token.
    public var isLoopback: Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    static let defaultPorts = ["https": 443, "http": 80]
}
