import FoundationEssentials
import TextBasics

/// Reads a web address Canvas sends (`html_url`): only http(s) with a host, so a browser is
/// never handed a `file:` or `javascript:` address from data.
package enum CanvasWebURL {
    package static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text.trimming(.whitespaces)),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
