import CourseKit
import FoundationEssentials
import TextBasics

/// What `coursebrowser login` keeps for one profile: the Canvas, and its token or the
/// command that prints the token.
public struct SavedLogin: Codable, Equatable, Sendable {
    /// The Canvas base URL, normalized as `--canvas` normalizes it.
    public var canvasURL: URL
    /// The access token; nil when `tokenCommand` gives it.
    public var token: String?
    /// A shell command whose standard output is the token (`pass show canvas`).
    public var tokenCommand: String?

    public init(canvasURL: URL, token: String? = nil, tokenCommand: String? = nil) {
        self.canvasURL = canvasURL
        self.token = token
        self.tokenCommand = tokenCommand
    }

    private enum CodingKeys: String, CodingKey {
        case canvasURL = "canvas_url"
        case token
        case tokenCommand = "token_command"
    }

    /// Reads a login, also one edited by hand: the URL is checked and normalized as
    /// `--canvas` would check it, and blank values count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .canvasURL)
        do {
            canvasURL = try LaunchOptions.canvasURL(text, name: "canvas_url")
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .canvasURL, in: container, debugDescription: error.message)
        }
        token = try container.decodeIfPresent(String.self, forKey: .token)?.trimming(.whitespacesAndNewlines).nonBlank
        tokenCommand = try container.decodeIfPresent(String.self, forKey: .tokenCommand)?.nonBlank
        guard token != nil || tokenCommand != nil else {
            throw DecodingError.dataCorruptedError(forKey: .token, in: container, debugDescription: "it has neither a token nor a token_command")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(canvasURL.absoluteString, forKey: .canvasURL)
        try container.encodeIfPresent(token, forKey: .token)
        try container.encodeIfPresent(tokenCommand, forKey: .tokenCommand)
    }
}
