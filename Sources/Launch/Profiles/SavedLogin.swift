import CourseKit
import FoundationEssentials
import TextBasics

/// What `coursebrowser login` keeps for one profile: which kind of site and where, and its
/// token or the command that prints the token.
///
/// On disk: `{"kind": "canvas", "canvas_url": …, "token": …}` or `{"kind": "moodle", "moodle_url": …}`;
/// a file written before Moodle logins, with only `canvas_url`, is a Canvas one.
public struct SavedLogin: Codable, Equatable, Sendable {
    public var kind: SiteKind
    /// The site's base URL, normalized as `--canvas` and `--moodle` normalize it.
    public var url: URL
    /// The token; nil when `tokenCommand` gives it.
    public var token: String?
    /// A shell command whose standard output is the token (`pass show canvas`).
    public var tokenCommand: String?
    /// Whom the site said the token is for when it was saved, for the screen to name; nil in a
    /// login saved before it was kept.
    public var userName: String?

    public init(kind: SiteKind, url: URL, token: String? = nil, tokenCommand: String? = nil, userName: String? = nil) {
        self.kind = kind
        self.url = url
        self.token = token
        self.tokenCommand = tokenCommand
        self.userName = userName
    }

    /// A Canvas login.
    public init(canvasURL: URL, token: String? = nil, tokenCommand: String? = nil, userName: String? = nil) {
        self.init(kind: .canvas, url: canvasURL, token: token, tokenCommand: tokenCommand, userName: userName)
    }

    /// The Canvas it is for; nil for a Moodle login.
    public var canvasURL: URL? {
        kind == .canvas ? url : nil
    }

    private enum CodingKeys: String, CodingKey {
        case kind
        case canvasURL = "canvas_url"
        case moodleURL = "moodle_url"
        case token
        case tokenCommand = "token_command"
        case userName = "user_name"
    }

    /// Reads a login, also one edited by hand: the URL is checked and normalized as
    /// `--canvas` would check it, and blank values count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let named = try container.decodeIfPresent(SiteKind.self, forKey: .kind)
        let moodle = try container.decodeIfPresent(String.self, forKey: .moodleURL)
        kind = named ?? (moodle != nil ? .moodle : .canvas)
        let key: CodingKeys = kind == .moodle ? .moodleURL : .canvasURL
        let text = try container.decode(String.self, forKey: key)
        do {
            url = try LaunchOptions.siteURL(text, name: key.stringValue, kind: kind)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.message)
        }
        token = try container.decodeIfPresent(String.self, forKey: .token)?.trimming(.whitespacesAndNewlines).nonBlank
        tokenCommand = try container.decodeIfPresent(String.self, forKey: .tokenCommand)?.nonBlank
        userName = try container.decodeIfPresent(String.self, forKey: .userName)?.nonBlank
        guard token != nil || tokenCommand != nil else {
            throw DecodingError.dataCorruptedError(forKey: .token, in: container, debugDescription: "it has neither a token nor a token_command")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(url.absoluteString, forKey: kind == .moodle ? .moodleURL : .canvasURL)
        try container.encodeIfPresent(token, forKey: .token)
        try container.encodeIfPresent(tokenCommand, forKey: .tokenCommand)
        try container.encodeIfPresent(userName, forKey: .userName)
    }
}
