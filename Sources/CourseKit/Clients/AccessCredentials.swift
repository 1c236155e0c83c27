/// An LMS access token and where it came from, so an error about it can say where to look.
public struct AccessCredentials: Sendable, Equatable {
    public var token: String
    /// Where the token was read, as a person would find it: `CANVAS_TOKEN` or `--token-file PATH`.
    public var source: String
    /// The command that makes a new one, for a token saved by `coursebrowser login`.
    public var renewal: String?

    public init(token: String, source: String, renewal: String? = nil) {
        self.token = token
        self.source = source
        self.renewal = renewal
    }
}
