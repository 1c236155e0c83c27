import CourseKit
import FoundationEssentials

/// A Canvas or Moodle backend that can't start: no token, or a token file that can't be used.
public enum SetupError: UserFacingError, Equatable {
    case missingToken(SiteKind)
    case unreadableTokenFile(path: String, reason: String)
    case emptyTokenFile(path: String)
    /// Group or others may read or change the file (its permission bits are `mode`).
    case tokenFileNotPrivate(path: String, mode: UInt32)
    /// `--token-command` or a login's `token_command` gave no token.
    case tokenCommandFailed(command: String, reason: String)
    /// The token from `source` holds a line break or another control character; `renewal` saves a new one.
    case tokenHasControlCharacter(source: String, renewal: String?)
    /// `--profile NAME` names a profile never logged in.
    case noLogin(ProfileName)
    /// The site chosen (by a `--course` address, say) is not the one the profile logged in to.
    case loginIsForAnotherSite(ProfileName, saved: URL, chosen: URL, kind: SiteKind = .canvas)

    public var userMessage: String {
        switch self {
        case .missingToken(.canvas):
            return "Canvas needs an access token: run coursebrowser login, set CANVAS_TOKEN, or pass --token-file PATH or --token-command CMD"
        case .missingToken(.moodle):
            return "Moodle needs a token: run coursebrowser login --moodle URL, set MOODLE_TOKEN, or pass --token-file PATH or --token-command CMD"
        case let .unreadableTokenFile(path, reason):
            return "Can't read token file \(path): \(reason)"
        case let .emptyTokenFile(path):
            return "Token file \(path) is empty"
        case let .tokenFileNotPrivate(path, mode):
            let octal = String(mode, radix: 8)
            return "Token file \(path) can be read by other users (mode \(octal)); run: chmod 600 \(path)"
        case let .tokenCommandFailed(command, reason):
            return "The token command '\(command)' gave no token: \(reason)"
        case let .tokenHasControlCharacter(source, renewal):
            return "The access token from \(source) has a control character in it (a line break, say), so it was not sent;"
                + " an access token is a single line" + (renewal.map { "; run \($0) to save a new one" } ?? "")
        case let .noLogin(profile):
            return "Profile \(profile) is not logged in; run \(profile.loginCommand)"
        case let .loginIsForAnotherSite(profile, saved, chosen, kind):
            let site = kind == .moodle ? "--moodle \(chosen.absoluteString)" : chosen.absoluteString
            return "Profile \(profile) is logged in to \(saved.absoluteString), not \(chosen.absoluteString);"
                + " log in to it under a profile of its own (coursebrowser login --profile NAME \(site)), or give its token"
        }
    }
}
