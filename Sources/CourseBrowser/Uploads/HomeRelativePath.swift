import TerminalUI

/// A path as a person reads it: under the home folder as `~/…`, cleaned of control characters.
enum HomeRelativePath {
    static func text(_ path: String, home: String) -> String {
        let trimmedHome = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !trimmedHome.isEmpty else { return Sanitizer.clean(path) }
        if path == trimmedHome { return "~" }
        if path.hasPrefix(trimmedHome + "/") {
            return Sanitizer.clean("~" + path.dropFirst(trimmedHome.count))
        }
        return Sanitizer.clean(path)
    }
}
