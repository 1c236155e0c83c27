import Foundation

/// Finds the Canvas access token without ever taking it from the command line,
/// where any user could read it in the process list.
enum CanvasToken {
    static func resolve(tokenFile: String?, environment: [String: String]) throws -> String {
        if let tokenFile {
            return try read(tokenFile)
        }
        guard let token = environment["CANVAS_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else {
            throw CanvasSetupError.missingToken
        }
        return token
    }

    private static func read(_ path: String) throws -> String {
        let contents: String
        do {
            contents = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not text" : "no such file"
            throw CanvasSetupError.unreadableTokenFile(path: path, reason: reason)
        }
        let token = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw CanvasSetupError.emptyTokenFile(path: path) }
        return token
    }
}
