import Canvas
import CourseKit
import FoundationEssentials
import TextBasics

#if canImport(Glibc)
import Glibc
#endif

/// Finds the Canvas access token without ever taking it from the command line,
/// where any user could read it in the process list.
enum CanvasToken {
    static func resolve(tokenFile: String?, environment: [String: String]) throws -> CanvasCredentials {
        if let tokenFile {
            return CanvasCredentials(token: try read(tokenFile), source: "--token-file \(tokenFile)")
        }
        guard let token = environment["CANVAS_TOKEN"]?.trimming(.whitespacesAndNewlines), !token.isEmpty else {
            throw CanvasSetupError.missingToken
        }
        return CanvasCredentials(token: token, source: "CANVAS_TOKEN")
    }

    private static func read(_ path: String) throws -> String {
        try checkPrivate(path)
        let contents: String
        do {
            contents = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not text" : "no such file"
            throw CanvasSetupError.unreadableTokenFile(path: path, reason: reason)
        }
        let token = contents.trimming(.whitespacesAndNewlines)
        guard !token.isEmpty else { throw CanvasSetupError.emptyTokenFile(path: path) }
        return token
    }

    /// Refuses a token file other users can read or change, as ssh refuses such a key.
    private static func checkPrivate(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CanvasSetupError.unreadableTokenFile(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        let mode = status.st_mode & 0o777
        if mode & 0o077 != 0 {
            throw CanvasSetupError.tokenFileNotPrivate(path: path, mode: mode)
        }
    }
}
