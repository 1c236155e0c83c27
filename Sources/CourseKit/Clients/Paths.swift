import Foundation

/// Where the app keeps its files.
public struct Paths: Sendable {
    /// Holds the upload queue and uploaded copies for offline backends.
    public var dataDirectory: URL

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }
}

extension Paths {
    /// `$XDG_DATA_HOME/coursebrowser`, else `~/.local/share/coursebrowser`.
    public static func live(environment: [String: String]) -> Paths {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return Paths(dataDirectory: URL(fileURLWithPath: xdg).appendingPathComponent("coursebrowser"))
        }
        let home = environment["HOME"].flatMap(\.nonBlank) ?? NSHomeDirectory()
        return Paths(dataDirectory: URL(fileURLWithPath: home).appendingPathComponent(".local/share/coursebrowser"))
    }

    /// A throwaway directory under the system temporary folder.
    public static let temporary = Paths(
        dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser")
    )
}
