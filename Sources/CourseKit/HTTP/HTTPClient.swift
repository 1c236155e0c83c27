import Foundation

/// Sends HTTP requests: URLSession in the app, a closure in tests.
public struct HTTPClient: Sendable {
    /// Sends `request` and returns the whole response, or throws `NetworkError`.
    public var send: @Sendable (_ request: HTTPRequest) async throws -> HTTPResponse

    public init(send: @escaping @Sendable (_ request: HTTPRequest) async throws -> HTTPResponse) {
        self.send = send
    }
}

extension HTTPClient {
    public static let unimplemented = HTTPClient { _ in throw Unimplemented("HTTPClient.send") }

    /// Every request fails as if the network were down.
    public static let offline = HTTPClient { request in
        throw NetworkError.unreachable(host: request.url.host ?? "the server")
    }
}
