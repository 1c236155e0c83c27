import Canvas
import CourseKit
import FoundationEssentials
import TextBasics

/// Finds the Canvas or Moodle token without ever taking it from the command line,
/// where any user could read it in the process list.
public enum AccessToken {
    /// Whether the command line or the environment gives a token for `kind`, before any saved login.
    static func isGiven(options: LaunchOptions, environment: [String: String], kind: SiteKind = .canvas) -> Bool {
        options.tokenFile != nil || options.tokenCommand != nil || environmentToken(environment, kind: kind) != nil
    }

    private static func environmentToken(_ environment: [String: String], kind: SiteKind) -> String? {
        environment[kind.tokenVariable]?.trimming(.whitespacesAndNewlines).nonBlank
    }

    /// The token `--token-file`, `--token-command`, `CANVAS_TOKEN` (`MOODLE_TOKEN` for Moodle) or
    /// `login` (for the site it was saved for), in that order, gives, and where it came from;
    /// refused when it could not go into a request as it is.
    static func resolve(
        options: LaunchOptions, environment: [String: String], login: SavedLogin?, profile: ProfileName, kind: SiteKind = .canvas
    ) throws -> AccessCredentials {
        let credentials = try given(options: options, environment: environment, login: login, profile: profile, kind: kind)
        try check(credentials.token, from: credentials.source, renewal: credentials.renewal)
        return credentials
    }

    /// Refuses a token with a control character inside: a line break would end the
    /// `Authorization` header and start another with what follows, and any such character means
    /// the token was mangled on its way (a pasted escape sequence, a file with two lines).
    /// - Parameters:
    ///   - source: Where it came from, as "The access token from …" reads.
    ///   - renewal: The command that saves a new one, for a saved login.
    public static func check(_ token: String, from source: String, renewal: String? = nil) throws(SetupError) {
        if token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .tokenHasControlCharacter(source: source, renewal: renewal)
        }
    }

    private static func given(
        options: LaunchOptions, environment: [String: String], login: SavedLogin?, profile: ProfileName, kind: SiteKind
    ) throws -> AccessCredentials {
        if let tokenFile = options.tokenFile {
            return AccessCredentials(token: try read(tokenFile), source: "--token-file \(tokenFile)")
        }
        if let command = options.tokenCommand {
            return AccessCredentials(token: try TokenCommand.token(from: command, environment: environment), source: "--token-command")
        }
        if let token = environmentToken(environment, kind: kind) {
            return AccessCredentials(token: token, source: kind.tokenVariable)
        }
        guard let login else { throw SetupError.missingToken(kind) }
        let source = "the saved login (profile \(profile))"
        if let token = login.token {
            let renewal = login.kind == .moodle ? profile.moodleLoginCommand(login.url) : profile.loginCommand
            return AccessCredentials(token: token, source: source, renewal: renewal)
        }
        guard let command = login.tokenCommand else { throw SetupError.missingToken(kind) }
        // A token the command keeps is made new in whatever keeps it, not by logging in again.
        let token = try TokenCommand.token(from: command, environment: environment)
        return AccessCredentials(token: token, source: "the token command of profile \(profile)")
    }

    private static func read(_ path: String) throws -> String {
        try checkPrivate(path)
        let contents: String
        do {
            contents = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not text" : "no such file"
            throw SetupError.unreadableTokenFile(path: path, reason: reason)
        }
        let token = contents.trimming(.whitespacesAndNewlines)
        guard !token.isEmpty else { throw SetupError.emptyTokenFile(path: path) }
        return token
    }

    /// Refuses a token file other users can read or change, as ssh refuses such a key.
    private static func checkPrivate(_ path: String) throws {
        switch PrivateFile.status(path) {
        case .missing: throw SetupError.unreadableTokenFile(path: path, reason: "no such file")
        case let .unreadable(reason): throw SetupError.unreadableTokenFile(path: path, reason: reason)
        case let .shared(mode): throw SetupError.tokenFileNotPrivate(path: path, mode: mode)
        case .ownerOnly: return
        }
    }
}
