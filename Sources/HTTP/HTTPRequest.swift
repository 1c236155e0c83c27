import FoundationEssentials

/// One HTTP request, as plain data so tests can inspect it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// Whether the request may reach the server at most once per call.
    ///
    /// For a request whose repetition has a cost only the caller can weigh, such as the
    /// one that creates a submission attempt: the transport never sends it a second time
    /// by itself, so a failure leaves the caller to find out what the server did.
    public var isSentAtMostOnce: Bool
    /// Whether nobody waits on the answer (a refresh, a sync), so the request may wait its turn
    /// while the server's rate budget is low.
    public var isBackground: Bool

    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
        isSentAtMostOnce: Bool = false, isBackground: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isSentAtMostOnce = isSentAtMostOnce
        self.isBackground = isBackground
    }
}
