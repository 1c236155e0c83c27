import CourseKit
import FileSystem
import FoundationEssentials

/// Where downloaded course files go on this machine, with names that are safe to create.
///
/// A file lands at `<download dir>/coursebrowser/<course>/<folders…>/<name>`. Every piece of
/// that path comes from the server, so each is made a plain name before it is used: a name
/// can never climb out of the download directory, hide itself, or carry bytes that trouble a
/// terminal or a file manager.
public enum DownloadPlace {
    /// The folder, inside the download directory, that holds every course's files.
    public static let appFolder = "coursebrowser"
    /// The most bytes one name may have on Linux file systems.
    static let longestName = 255
    /// Extensions longer than this are not kept whole when a name is cut: they are not extensions.
    static let longestExtension = 16

    /// The download directory: `explicit` (`--download-dir`; `~` is the home folder and a relative
    /// path starts at the working directory), else the user's `XDG_DOWNLOAD_DIR`, else `~/Downloads`.
    public static func downloadDirectory(explicit: String?, environment: [String: String], home: URL) -> URL {
        if let explicit = explicit?.nonBlank {
            if explicit == "~" { return home }
            if explicit.hasPrefix("~/") { return home.appendingPathComponent(String(explicit.dropFirst(2))).standardizedFileURL }
            if explicit.hasPrefix("/") { return URL(fileURLWithPath: explicit).standardizedFileURL }
            let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            return workingDirectory.appendingPathComponent(explicit).standardizedFileURL
        }
        return userDownloadDirectory(environment: environment, home: home) ?? home.appendingPathComponent("Downloads")
    }

    /// `XDG_DOWNLOAD_DIR` as `user-dirs.dirs` sets it, when it does so validly.
    ///
    /// The file is written by `xdg-user-dirs-update` in a shell's syntax, one
    /// `XDG_DOWNLOAD_DIR="$HOME/Downloads"` per line; its spec allows only a path below `$HOME`
    /// or an absolute one, and the last assignment wins, as it would in a shell.
    static func userDownloadDirectory(environment: [String: String], home: URL) -> URL? {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        let file = configHome.appendingPathComponent("user-dirs.dirs").path
        guard let data = Files.contents(of: file, atMost: 64 * 1024), let text = String(data: data, encoding: .utf8) else { return nil }
        var found: URL?
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.drop(while: \.isWhitespace)
            guard line.hasPrefix("XDG_DOWNLOAD_DIR=") else { continue }
            var value = String(line.dropFirst("XDG_DOWNLOAD_DIR=".count))
            while let last = value.last, last.isWhitespace { value.removeLast() }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = unescaped(String(value.dropFirst().dropLast()))
            }
            if value == "$HOME" || value == "$HOME/" {
                found = home
            } else if value.hasPrefix("$HOME/") {
                found = home.appendingPathComponent(String(value.dropFirst("$HOME/".count))).standardizedFileURL
            } else if value.hasPrefix("/") {
                found = URL(fileURLWithPath: value).standardizedFileURL
            }
        }
        return found
    }

    /// A shell's double-quoted text with its backslash escapes undone.
    private static func unescaped(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping || character != "\\" {
                result.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        return result
    }

    /// Where a course file goes: `<root>/coursebrowser/<course>/<folders…>/<name>`, every piece
    /// made safe by `safeName(_:)`, so the result is always inside `root`.
    public static func destination(root: URL, courseFolder: String, folderPath: [String], name: String) -> LocalPath {
        destination(directory: courseDirectory(root: root, courseFolder: courseFolder), folderPath: folderPath, name: name)
    }

    /// The course's own folder under the download directory `root`: `<root>/coursebrowser/<course>`.
    public static func courseDirectory(root: URL, courseFolder: String) -> URL {
        root.standardizedFileURL.appendingPathComponent(appFolder, isDirectory: true)
            .appendingPathComponent(safeName(courseFolder), isDirectory: true)
    }

    /// Where a course file goes in a folder of its own (`sync DIR`): `<directory>/<folders…>/<name>`,
    /// every piece made safe, so the result is always inside `directory`.
    public static func destination(directory: URL, folderPath: [String], name: String) -> LocalPath {
        let base = directory.standardizedFileURL.path
        let pieces = folderPath.map(safeName) + [safeName(name)]
        return LocalPath((base.hasSuffix("/") ? base : base + "/") + pieces.joined(separator: "/"))
    }

    /// Whether `path` is inside `directory`; anywhere is, when no directory is given.
    public static func isInside(_ directory: URL?, _ path: String) -> Bool {
        guard let directory else { return true }
        let base = directory.standardizedFileURL.path
        return path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    /// `name` as one plain file name: no `/` or NUL, no control or direction-changing
    /// characters (each becomes `_`), no leading dots or spaces (so never `.`, `..` nor
    /// hidden), no trailing spaces, at most 255 bytes with the extension kept, never empty.
    public static func safeName(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            scalars.append(isTroublesome(scalar) ? "_" : scalar)
        }
        var cleaned = Substring(String(scalars))
        while let first = cleaned.first, first == "." || first.isWhitespace { cleaned = cleaned.dropFirst() }
        while let last = cleaned.last, last.isWhitespace { cleaned = cleaned.dropLast() }
        return cleaned.isEmpty ? "_" : cut(String(cleaned), toBytes: longestName)
    }

    /// `name` with ` (n)` before its extension (`notes (2).pdf`), cut so it still fits in a name.
    static func numbered(_ name: String, _ number: Int) -> String {
        let (stem, suffix) = split(name)
        let mark = " (\(number))"
        return cut(stem, toBytes: longestName - mark.utf8.count - suffix.utf8.count) + mark + suffix
    }

    /// The name without its extension, and the extension with its dot (empty when it has none).
    private static func split(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        let suffix = String(name[dot...])
        guard suffix.utf8.count <= longestExtension else { return (name, "") }
        return (String(name[..<dot]), suffix)
    }

    /// `name` in at most `limit` bytes: whole characters of its stem dropped from the end, its extension kept.
    private static func cut(_ name: String, toBytes limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        let (stem, suffix) = split(name)
        var kept = Substring(stem)
        while !kept.isEmpty, kept.utf8.count + suffix.utf8.count > limit { kept = kept.dropLast() }
        let result = String(kept) + suffix
        // An extension alone over the limit is cut like any text.
        guard result.utf8.count > limit else { return result.isEmpty ? "_" : result }
        var whole = Substring(result)
        while whole.utf8.count > limit { whole = whole.dropLast() }
        return String(whole)
    }

    /// Characters that must not reach a file name: separators, C0 and C1 controls, and the marks
    /// that reorder or hide text (a `exe.txt` shown as `txt.exe`).
    private static func isTroublesome(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case UInt32(UInt8(ascii: "/")): return true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF: return true
        default: return false
        }
    }
}
