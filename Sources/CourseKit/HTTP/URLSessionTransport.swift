import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One URLSession whose tasks report to `URLSessionEvents`, so redirects can be
/// refused and upload progress mapped to the exchange that asked for it.
final class URLSessionTransport: Sendable {
    /// URLSession's own timer is pushed out of the way: `URLSessionExchange` keeps the
    /// time itself, because on Linux the session's timer is a total deadline, which
    /// would kill a long upload that is still making progress.
    private static let sessionTimeout: TimeInterval = 7 * 24 * 3600

    private let session: URLSession
    private let events: URLSessionEvents
    private let timeouts: HTTPTimeouts

    init(timeouts: HTTPTimeouts) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.sessionTimeout
        configuration.timeoutIntervalForResource = Self.sessionTimeout
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        let events = URLSessionEvents()
        self.events = events
        self.session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
        self.timeouts = timeouts
    }

    deinit {
        // The session keeps its delegate alive until it is invalidated.
        session.finishTasksAndInvalidate()
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let exchange = URLSessionExchange(request: request, timeout: timeouts.request, clock: .total, progress: nil)
        return try await exchange.run { [session, events] in
            let task = session.dataTask(with: Self.urlRequest(request, body: request.body))
            events.register(exchange, for: task)
            return task
        }
    }

    func upload(_ request: HTTPRequest, bodyFile: URL, progress: @escaping @Sendable (Int64) -> Void) async throws -> HTTPResponse {
        // URLSession on Linux fails obscurely on a missing body file; say what is missing instead.
        guard FileManager.default.isReadableFile(atPath: bodyFile.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: bodyFile.path])
        }
        let exchange = URLSessionExchange(request: request, timeout: timeouts.request, clock: .idle, progress: progress)
        return try await exchange.run { [session, events] in
            let task = session.uploadTask(with: Self.urlRequest(request, body: nil), fromFile: bodyFile)
            events.register(exchange, for: task)
            return task
        }
    }

    private static func urlRequest(_ request: HTTPRequest, body: Data?) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = body
        urlRequest.timeoutInterval = sessionTimeout
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }
}
