import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift`, the short commit the package was built from, into the target
/// it is applied to, so `--version` can name it.
///
/// A build command whose inputs are the files git rewrites when the checkout's commit changes
/// (HEAD, its log, the branch's ref), so the build runs it again exactly then. A prebuild
/// command would be the obvious tool but is skipped by incremental builds until the manifest
/// changes (swift-package-manager issue 5476). It rewrites the file only when the commit is
/// another. Outside a git checkout (a release tarball, a machine without git, a checkout git
/// won't read) the commit is "unknown" and the build goes on.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Noting the commit \(target.name) is built from",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-commit", output.path(percentEncoded: false), package.path(percentEncoded: false)],
                inputFiles: Self.filesNamingTheCommit(package: package),
                outputFiles: [output]
            ),
        ]
    }

    /// The files of the checkout at `package` that change when its commit does: HEAD, which
    /// names the branch (or the commit, when detached), HEAD's log, which grows with every
    /// commit, checkout and reset, and the branch's ref, loose or packed; those that exist, as
    /// a missing input fails the build. Outside a checkout, the package's directory, which
    /// changes when a `.git` appears in it.
    static func filesNamingTheCommit(package: URL) -> [URL] {
        guard let gitDirectory = gitDirectory(package: package) else { return [package] }
        let head = gitDirectory.appending(path: "HEAD")
        // A linked worktree keeps its HEAD to itself and its refs in the repository's directory.
        let common = (try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8))
            .map { URL(filePath: $0.trimmingCharacters(in: .whitespacesAndNewlines), directoryHint: .isDirectory, relativeTo: gitDirectory) } ?? gitDirectory
        var files = [head, gitDirectory.appending(path: "logs/HEAD"), common.appending(path: "packed-refs")]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref: ") {
            files.append(common.appending(path: text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return files.map(\.standardizedFileURL).filter { FileManager.default.fileExists(atPath: $0.path(percentEncoded: false)) }
    }

    /// The git directory of the checkout at `package`: its `.git`, or where a `.git` file (a
    /// linked worktree's, a submodule's) says it is.
    static func gitDirectory(package: URL) -> URL? {
        let dotGit = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path(percentEncoded: false), isDirectory: &isDirectory) else { return nil }
        // Paths inside are resolved against it as a directory, not beside it as a file.
        if isDirectory.boolValue { return URL(filePath: dotGit.path(percentEncoded: false), directoryHint: .isDirectory) }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
        let packageDirectory = URL(filePath: package.path(percentEncoded: false), directoryHint: .isDirectory)
        return URL(filePath: text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines), directoryHint: .isDirectory, relativeTo: packageDirectory)
    }

    /// `$1` is the file to write, `$2` the package's directory. The commit counts only when the
    /// package is the top of its repository: a tarball unpacked inside some other checkout
    /// (a home directory kept in git) must not take that checkout's commit.
    static let script = #"""
        PATH="${PATH:+$PATH:}/usr/local/bin:/usr/bin:/bin"
        package=$(cd "$2" && pwd -P)
        top=$(git -C "$package" rev-parse --show-toplevel 2>/dev/null)
        commit=unknown
        if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$package" ]; then
            commit=$(git -C "$package" rev-parse --short HEAD 2>/dev/null) || commit=unknown
        fi
        case $commit in '' | *[!0-9a-f]*) commit=unknown ;; esac
        text="/// The commit this program was built from (\`git rev-parse --short HEAD\`), or \"unknown\".
        enum BuildCommit {
            static let short = \"$commit\"
        }"
        if [ "$(cat "$1" 2>/dev/null)" != "$text" ]; then
            printf '%s\n' "$text" > "$1"
        fi
        """#
}
