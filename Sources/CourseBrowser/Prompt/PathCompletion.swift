import CourseKit

/// Completes a file path the way a shell's Tab does, on the names' bytes, so a name that is
/// not UTF-8 completes too (and is written into the line escaped, as `PathList` reads it).
struct PathCompletion: Equatable {
    /// The path after completing as far as every candidate agrees.
    var completed: LocalPath
    /// The names that still match, when more than one does, as a person reads them.
    var candidates: [String]
    /// Whether `completed` is the whole path of the one file that matched, so the next path may follow.
    var endsAtFile = false

    private static let slash = UInt8(ascii: "/")

    /// Completes `partial` against the folder it names, `~` meaning `home`.
    static func complete(_ partial: LocalPath, home: String) -> PathCompletion {
        let (folder, prefix) = split(partial)
        let folderPath = expand(folder.bytes.isEmpty ? "." : folder, home: home)
        let showHidden = prefix.first == UInt8(ascii: ".")
        let names = folderPath.entryNames()
            .filter { $0.bytes.starts(with: prefix) && (showHidden || $0.bytes.first != UInt8(ascii: ".")) }
            .sorted { $0.path < $1.path }
        guard !names.isEmpty else { return PathCompletion(completed: partial, candidates: []) }
        var common = commonPrefix(names, atLeast: prefix)
        let isFolder = names.count == 1 && LocalPath(bytes: folderPath.bytes + [slash] + common).isDirectory
        if isFolder {
            common.append(slash)
        }
        return PathCompletion(
            completed: LocalPath(bytes: folder.bytes + common),
            candidates: names.count > 1 ? names.map(\.path) : [],
            endsAtFile: names.count == 1 && !isFolder
        )
    }

    /// `~` and `~/…` expanded against `home`; other paths unchanged.
    static func expand(_ path: LocalPath, home: String) -> LocalPath {
        let tilde = UInt8(ascii: "~")
        if path.bytes == [tilde] { return LocalPath(home) }
        if path.bytes.starts(with: [tilde, slash]) { return LocalPath(bytes: Array(home.utf8) + path.bytes.dropFirst()) }
        return path
    }

    /// The folder part (with its trailing slash) and the name being typed.
    private static func split(_ partial: LocalPath) -> (folder: LocalPath, prefix: [UInt8]) {
        let bytes = partial.bytes
        guard let slash = bytes.lastIndex(of: slash) else {
            return partial == "~" ? ("~/", []) : ("", bytes)
        }
        return (LocalPath(bytes: Array(bytes[...slash])), Array(bytes[(slash + 1)...]))
    }

    /// What every name starts with, whole characters only (two names that differ inside one
    /// character share none of it), but never less than the `typed` bytes they all start with.
    private static func commonPrefix(_ names: [LocalPath], atLeast typed: [UInt8]) -> [UInt8] {
        guard var common = names.first?.pieces else { return typed }
        for name in names.dropFirst() {
            common = Array(zip(common, name.pieces).prefix { $0 == $1 }.map(\.0))
        }
        let bytes = LocalPath(pieces: common).bytes
        return bytes.count < typed.count ? typed : bytes
    }
}
