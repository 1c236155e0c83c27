/// What the Model Context Protocol fixes that the server answers by: the revisions it speaks,
/// the `_meta` keys of the stateless revision, and the error codes.
///
/// Revision 2026-07-28 is the current one: every request carries its revision and the client's
/// capabilities in `_meta`, and `server/discover` replaces the handshake. A client of an earlier
/// revision starts with `initialize` instead (2025-11-25), which this process then speaks to it.
enum MCPProtocol {
    /// The stateless revision, answered to a request that declares it.
    static let current = "2026-07-28"
    /// The revisions of the `initialize` handshake, the newest first: what `initialize` may agree on.
    static let handshakeRevisions = ["2025-11-25", "2025-06-18", "2025-03-26"]

    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    /// 2026-07-28: the request declares a revision the server doesn't speak.
    static let unsupportedVersion = -32022
    /// 2025-11-25: no resource has that URI (later revisions answer `invalidParams`).
    static let resourceNotFoundBefore2026 = -32002

    /// How long a client may keep a list or a resource it was given before asking again, in
    /// milliseconds: the lists never change while the server runs; what a resource holds may
    /// change on the site at any time, so it is kept a minute.
    static let listLifetime = 3_600_000
    static let resourceLifetime = 60_000
}
