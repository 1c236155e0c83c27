import FoundationEssentials

/// Where the app keeps its files, and where the user's own files are.
public struct Paths: Sendable {
    /// Holds the upload queue and uploaded copies for offline backends.
    public var dataDirectory: URL
    /// What `~` means in a path the user types: `$HOME`, as in their shell.
    public var homeDirectory: URL
    /// Holds the settings file.
    public var configDirectory: URL
    /// Holds the saved copies of what the backend answered.
    public var cacheDirectory: URL

    public init(dataDirectory: URL, homeDirectory: URL, configDirectory: URL, cacheDirectory: URL? = nil) {
        self.dataDirectory = dataDirectory
        self.homeDirectory = homeDirectory
        self.configDirectory = configDirectory
        self.cacheDirectory = cacheDirectory ?? dataDirectory.appendingPathComponent("cache")
    }
}

extension Paths {
    /// Data in `$XDG_DATA_HOME/coursebrowser`, else `~/.local/share/coursebrowser` (`dataDirectory`
    /// overrides both); settings in `$XDG_CONFIG_HOME/coursebrowser`, else `~/.config/coursebrowser`;
    /// saved copies in `$XDG_CACHE_HOME/coursebrowser`, else `~/.cache/coursebrowser`.
    ///
    /// A `profile` other than the default keeps its data and saved copies apart, in
    /// `profiles/NAME` under each, so its queue is never worked for another school.
    public static func live(environment: [String: String], dataDirectory: String? = nil, profile: String? = nil) -> Paths {
        // Folders all: told so, a URL doesn't look at the disk to find out, which took two
        // file lookups per step here at every start. The paths are put together as text, and
        // each made a URL once: every step of a URL's own appending parses the whole again.
        let home = environment["HOME"].flatMap(\.nonBlank) ?? FileManager.default.homeDirectoryForCurrentUser.path
        func joined(_ base: String, _ parts: String...) -> String {
            parts.reduce(base) { path, part in path.hasSuffix("/") ? path + part : path + "/" + part }
        }
        func xdg(_ variable: String, default relative: String) -> String {
            // The XDG spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") {
                return joined(value, "coursebrowser")
            }
            return joined(home, relative, "coursebrowser")
        }
        func own(_ directory: String) -> String {
            profile.map { joined(directory, "profiles", $0) } ?? directory
        }
        func folder(_ path: String) -> URL {
            URL(fileURLWithPath: path, isDirectory: true)
        }
        return Paths(
            dataDirectory: folder(dataDirectory ?? own(xdg("XDG_DATA_HOME", default: ".local/share"))), homeDirectory: folder(home),
            configDirectory: folder(xdg("XDG_CONFIG_HOME", default: ".config")), cacheDirectory: folder(own(xdg("XDG_CACHE_HOME", default: ".cache")))
        )
    }

    /// A throwaway directory under the system temporary folder.
    public static let temporary = Paths(
        dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser"),
        homeDirectory: FileManager.default.temporaryDirectory,
        configDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser-config"),
        cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser-cache")
    )
}

extension Paths: Unimplementable {
    /// Folders under `/dev/null`, which no one can create or write into, even as root.
    ///
    /// Paths are a plain value, read by a pane as it starts, so reading them can't be what
    /// fails a test; using them can: every file operation under them fails, with a path that
    /// names them, so a test that forgot to give its own folders sees why.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> Paths {
        let root = URL(fileURLWithPath: "/dev/null/unimplemented-paths")
        return Paths(
            dataDirectory: root.appendingPathComponent("data"), homeDirectory: root.appendingPathComponent("home"),
            configDirectory: root.appendingPathComponent("config"), cacheDirectory: root.appendingPathComponent("cache")
        )
    }
}
