import FoundationEssentials
import TextBasics

/// Turns what a user typed for `--canvas` or `--moodle` into the one base URL every request is built on.
public enum SiteBaseURL {
    /// Why a site's address can't be used.
    public enum Problem: Error, Equatable {
        /// Not an http(s) URL with a host.
        case notAURL
        /// Plain http to a host that is not this machine: the token would travel in clear text.
        case insecure(host: String)
    }

    /// `text` with scheme and host in lower case, the default port dropped, and no trailing
    /// slash, query or fragment; a path (a site under a prefix, as Moodle often is) is kept.
    public static func normalize(_ text: String) throws(Problem) -> URL {
        let trimmed = text.trimming(.whitespaces)
        guard let url = URL(string: trimmed), let origin = WebOrigin(url),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .notAURL
        }
        guard origin.scheme == "https" || origin.isLoopback else { throw .insecure(host: origin.displayHost) }
        components.scheme = origin.scheme
        if !origin.host.contains(":") {
            // An IPv6 literal keeps its brackets as written; anything else is lower-cased.
            components.host = origin.host
        }
        components.port = origin.port == WebOrigin.defaultPorts[origin.scheme] ? nil : origin.port
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path
        guard let normalized = components.url else { throw .notAURL }
        return normalized
    }
}
