import Foundation

/// Where the app keeps its files, and where the user's own files are.
public struct Paths: Sendable {
    /// Holds the upload queue and uploaded copies for offline backends.
    public var dataDirectory: URL
    /// What `~` means in a path the user types: `$HOME`, as in their shell.
    public var homeDirectory: URL

    public init(dataDirectory: URL, homeDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.homeDirectory = homeDirectory
    }
}

extension Paths {
    /// `$XDG_DATA_HOME/coursebrowser`, else `~/.local/share/coursebrowser`; `dataDirectory` overrides both.
    public static func live(environment: [String: String], dataDirectory: String? = nil) -> Paths {
        let home = URL(fileURLWithPath: environment["HOME"].flatMap(\.nonBlank) ?? NSHomeDirectory())
        let data: URL
        if let dataDirectory {
            data = URL(fileURLWithPath: dataDirectory)
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = URL(fileURLWithPath: xdg).appendingPathComponent("coursebrowser")
        } else {
            data = home.appendingPathComponent(".local/share/coursebrowser")
        }
        return Paths(dataDirectory: data, homeDirectory: home)
    }

    /// A throwaway directory under the system temporary folder.
    public static let temporary = Paths(
        dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser"),
        homeDirectory: FileManager.default.temporaryDirectory
    )
}
