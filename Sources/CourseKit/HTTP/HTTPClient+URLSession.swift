import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClient {
    /// Sends requests with URLSession without following redirects.
    ///
    /// `send` gives up after `timeouts.request` in total; `upload` gives up when
    /// nothing is sent or received for `timeouts.request`. Both throw `NetworkError`.
    public static func urlSession(timeouts: HTTPTimeouts = .standard) -> HTTPClient {
        let transport = URLSessionTransport(timeouts: timeouts)
        return HTTPClient(
            send: { request in try await transport.send(request) },
            upload: { request, bodyFile, progress in
                try await transport.upload(request, bodyFile: bodyFile, progress: progress)
            }
        )
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
