import FoundationEssentials

/// Completes a file path the way a shell's Tab does.
struct PathCompletion: Equatable {
    /// The path after completing as far as every candidate agrees.
    var completed: String
    /// The names that still match, when more than one does.
    var candidates: [String]
    /// Whether `completed` is the whole path of the one file that matched, so the next path may follow.
    var endsAtFile = false

    /// Completes `partial` against the folder it names, `~` meaning `home`.
    static func complete(_ partial: String, home: String, fileManager: FileManager = .default) -> PathCompletion {
        let (folder, prefix) = split(partial)
        let folderPath = expand(folder.isEmpty ? "." : folder, home: home)
        let showHidden = prefix.hasPrefix(".")
        let names = ((try? fileManager.contentsOfDirectory(atPath: folderPath)) ?? [])
            .filter { $0.hasPrefix(prefix) && (showHidden || !$0.hasPrefix(".")) }
            .sorted()
        guard !names.isEmpty else { return PathCompletion(completed: partial, candidates: []) }
        var common = commonPrefix(names)
        let isFolder = names.count == 1 && isFolder(folderPath + "/" + common, fileManager)
        if isFolder {
            common += "/"
        }
        return PathCompletion(completed: folder + common, candidates: names.count > 1 ? names : [], endsAtFile: names.count == 1 && !isFolder)
    }

    /// `~` and `~/…` expanded against `home`; other paths unchanged.
    static func expand(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }

    /// The folder part (with its trailing slash) and the name being typed.
    private static func split(_ partial: String) -> (folder: String, prefix: String) {
        guard let slash = partial.lastIndex(of: "/") else {
            return partial == "~" ? ("~/", "") : ("", partial)
        }
        return (String(partial[...slash]), String(partial[partial.index(after: slash)...]))
    }

    private static func commonPrefix(_ names: [String]) -> String {
        guard var prefix = names.first else { return "" }
        for name in names.dropFirst() {
            while !name.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    private static func isFolder(_ path: String, _ fileManager: FileManager) -> Bool {
        var isDirectory = false
        return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }
}
