import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift`, the short commit the package was built from, into the target
/// it is applied to, so `--version` can name it.
///
/// A prebuild command, as nothing a build can list as an input says when the commit changes:
/// it runs before every build and rewrites the file only when the commit is another, so a
/// build with nothing new compiles nothing again. Outside a git checkout (a release tarball,
/// a machine without git, a checkout git won't read) the commit is "unknown" and the build
/// goes on.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .prebuildCommand(
                displayName: "Noting the commit \(target.name) is built from",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-commit", output.path(percentEncoded: false), context.package.directoryURL.path(percentEncoded: false)],
                environment: [:],
                outputFilesDirectory: output
            ),
        ]
    }

    /// `$1` is the directory to write to, `$2` the package's. The commit counts only when the
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
        mkdir -p "$1"
        if [ "$(cat "$1/BuildCommit.swift" 2>/dev/null)" != "$text" ]; then
            printf '%s\n' "$text" > "$1/BuildCommit.swift"
        fi
        """#
}
