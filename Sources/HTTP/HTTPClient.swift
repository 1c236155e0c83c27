import FoundationEssentials

/// Sends HTTP requests: libcurl in the app, closures in tests.
///
/// Neither entry point follows redirects: a 3xx answer reaches the caller, which
/// decides whether the next hop may carry the access token.
public struct HTTPClient: Sendable {
    /// Sends `request` and returns the whole response, or throws `NetworkError`.
    public var send: @Sendable (_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` with `body` streamed from memory and files, never copied whole.
    ///
    /// `progress` gets the number of body bytes sent so far. The timeout is an idle
    /// timeout: the upload fails only when nothing moves for `timeouts.request`,
    /// since a large file legitimately takes long. `request.body` is ignored.
    public var upload: @Sendable (
        _ request: HTTPRequest,
        _ body: UploadBody,
        _ progress: @escaping @Sendable (_ sentBytes: Int64) -> Void
    ) async throws -> HTTPResponse

    /// Sends `request` and streams a successful answer's body to the file at `file`, never whole in memory.
    ///
    /// A `206 Partial Content` whose `Content-Range` starts at `resumeFrom` is appended at that
    /// offset; a `206` starting anywhere else throws `HTTPDownloadError.wrongRange` with the file
    /// untouched; a `200` replaces the file's contents from the first byte (a server that ignores
    /// `Range` restarts the file cleanly); any other answer leaves the file untouched and comes
    /// back with its body in memory, capped as `send`'s are. The returned response's body is
    /// empty when it went to the file, which is on the disk (fsynced) by then. A file that can't
    /// be opened or written throws `HTTPDownloadError.cantWrite`; bytes written before a failure stay.
    /// `progress` gets the file's length so far. The timeout is an
    /// idle timeout, as for `upload`. The caller sets `Range` and `If-Range` in `request.headers`.
    public var download: @Sendable (
        _ request: HTTPRequest,
        _ file: URL,
        _ resumeFrom: Int64,
        _ progress: @escaping @Sendable (_ fileBytes: Int64) -> Void
    ) async throws -> HTTPResponse

    /// A client from closures; `upload` fails loudly unless given, so tests that only
    /// answer `send` keep compiling and never upload by accident.
    public init(
        send: @escaping @Sendable (_ request: HTTPRequest) async throws -> HTTPResponse,
        upload: @escaping @Sendable (
            _ request: HTTPRequest,
            _ body: UploadBody,
            _ progress: @escaping @Sendable (_ sentBytes: Int64) -> Void
        ) async throws -> HTTPResponse = { _, _, _ in throw HTTPClient.Unimplemented(endpoint: "HTTPClient.upload") },
        download: @escaping @Sendable (
            _ request: HTTPRequest,
            _ file: URL,
            _ resumeFrom: Int64,
            _ progress: @escaping @Sendable (_ fileBytes: Int64) -> Void
        ) async throws -> HTTPResponse = { _, _, _, _ in throw HTTPClient.Unimplemented(endpoint: "HTTPClient.download") }
    ) {
        self.send = send
        self.upload = upload
        self.download = download
    }

    /// Thrown by a client that was not given an entry point, so a test that reaches it fails loudly.
    public struct Unimplemented: Error, Equatable {
        public var endpoint: String

        public init(endpoint: String) {
            self.endpoint = endpoint
        }
    }
}

extension HTTPClient {
    public static let unimplemented = HTTPClient { _ in throw Unimplemented(endpoint: "HTTPClient.send") }

    /// Every request fails as if the network were down.
    public static let offline = HTTPClient(
        send: { request in throw NetworkError.unreachable(host: request.url.host ?? "the server") },
        upload: { request, _, _ in throw NetworkError.unreachable(host: request.url.host ?? "the server") },
        download: { request, _, _, _ in throw NetworkError.unreachable(host: request.url.host ?? "the server") }
    )
}
