import FoundationEssentials
import HTTP
import TextBasics

/// A page's URL as Canvas reads it, the same however the URL is spelled: the scheme and host in
/// lower case, the default port dropped, the fragment (never sent) dropped, the query's pairs
/// sorted, and every escape decoded and then re-escaped one way.
///
/// A server whose next link leads back to a page already read, spelled differently each time
/// (`include[]` for `include%5B%5D`, the query in another order, a fragment added), would
/// otherwise look like a listing without end.
struct PageAddress: Hashable {
    private let key: String

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let origin = WebOrigin(url).map { "\($0.scheme)://\($0.host):\($0.port)" } ?? url.scheme?.lowercased() ?? ""
        let segments = (components?.percentEncodedPath ?? "").split(separator: "/", omittingEmptySubsequences: false)
        let path = segments.map { Self.normalised($0) }.joined(separator: "/")
        let pairs = (components?.percentEncodedQuery ?? "").split(separator: "&").map { pair in
            // A form writes a space as "+", and Rails reads it so.
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { Self.normalised($0.replacing("+", with: " ")) }
                .joined(separator: "=")
        }
        key = origin + (path.isEmpty ? "/" : path) + "?" + pairs.sorted().joined(separator: "&")
    }

    /// Only these are left unescaped; `[` and `%5B`, `~` and `%7E` read the same to Canvas.
    private static let unreserved = ScalarSet.asciiAlphanumerics(and: "-._~")

    /// One path segment, name or value with every escape decoded and every byte but the unreserved escaped.
    private static func normalised(_ text: some StringProtocol) -> String {
        let text = String(text)
        // A "%" without two hex digits after it is a "%" like any other.
        return (text.percentDecoded ?? text).percentEncoded(allowing: unreserved)
    }
}
