/// How long a request may take before the user is told the server didn't answer.
public struct HTTPTimeouts: Sendable, Equatable {
    /// Time allowed to open the connection.
    public var connect: Duration
    /// Time allowed for the whole request, answer included; for an upload, the time
    /// allowed without a byte sent or received, since a large file takes long.
    public var request: Duration

    public init(connect: Duration = .seconds(10), request: Duration = .seconds(30)) {
        self.connect = connect
        self.request = request
    }

    public static let standard = HTTPTimeouts()
}
