import Foundation
import Testing

/// The `coursebrowser` executable under test: the one `swift build --build-tests` puts next to
/// the test bundle, or the one `COURSEBROWSER_BINARY` names (the release build, say).
enum AppBinary {
    /// Names an executable to test instead of the debug build beside the tests.
    static let overrideVariable = "COURSEBROWSER_BINARY"

    /// Why the executable could not be found.
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]

        var description: String {
            "The coursebrowser executable is not next to the test bundle; looked at "
                + searched.joined(separator: ", ")
                + ". Build it with `swift build --build-tests` before running the end-to-end tests."
        }
    }

    /// The executable's absolute path; throws `Missing` (failing the test clearly) when it isn't built.
    static func path() throws -> String {
        if let chosen = ProcessInfo.processInfo.environment[overrideVariable], !chosen.isEmpty {
            let absolute = URL(fileURLWithPath: chosen).standardizedFileURL.path
            guard FileManager.default.isExecutableFile(atPath: absolute) else { throw Missing(searched: [absolute]) }
            return absolute
        }
        let candidates = directories().map { $0.appendingPathComponent("coursebrowser").path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(searched: candidates)
        }
        return found
    }

    /// The build directory: on Linux the test bundle is an executable there, so `Bundle.main`
    /// is the directory itself; on Darwin it is the `.xctest` bundle inside it.
    private static func directories() -> [URL] {
        let bundle = Bundle.main.bundleURL.standardizedFileURL
        var directories = [bundle, bundle.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL?.standardizedFileURL {
            directories.append(executable.deletingLastPathComponent())
        }
        var seen = Set<URL>()
        return directories.filter { seen.insert($0).inserted }
    }
}
