import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClient {
    /// Sends requests with URLSession, giving up after `timeouts.request` with `NetworkError.timedOut`.
    public static func urlSession(timeouts: HTTPTimeouts = .standard) -> HTTPClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeouts.request.seconds
        configuration.timeoutIntervalForResource = timeouts.request.seconds
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        return HTTPClient { request in
            try await URLSessionExchange(session: session, request: request, timeouts: timeouts).run()
        }
    }
}

/// One request in flight: resolves exactly once, with the answer, a timeout or a cancellation.
private final class URLSessionExchange: @unchecked Sendable {
    private let session: URLSession
    private let request: HTTPRequest
    private let timeouts: HTTPTimeouts
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var timedOut = false

    init(session: URLSession, request: HTTPRequest, timeouts: HTTPTimeouts) {
        self.session = session
        self.request = request
        self.timeouts = timeouts
    }

    private var host: String { request.url.host ?? "the server" }

    func run() async throws -> HTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(continuation)
            }
        } onCancel: {
            lock.withLock { task }?.cancel()
        }
    }

    private func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let task = session.dataTask(with: urlRequest) { [self] data, response, error in
            finish(data: data, response: response, error: error)
        }
        lock.withLock {
            self.continuation = continuation
            self.task = task
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeouts.request.seconds) { [self] in
            lock.withLock { timedOut = true }
            task.cancel()
        }
        task.resume()
    }

    private var urlRequest: URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = timeouts.request.seconds
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }

    private func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        let (continuation, timedOut) = lock.withLock {
            defer { self.continuation = nil }
            return (self.continuation, self.timedOut)
        }
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: translate(error, timedOut: timedOut))
        } else if let http = response as? HTTPURLResponse {
            let headers = http.allHeaderFields.reduce(into: [String: String]()) { result, field in
                result[String(describing: field.key)] = String(describing: field.value)
            }
            continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
        } else {
            continuation.resume(throwing: NetworkError.unreachable(host: host))
        }
    }

    private func translate(_ error: any Error, timedOut: Bool) -> any Error {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        if timedOut || code == .timedOut {
            return NetworkError.timedOut(host: host, seconds: Int(timeouts.request.seconds.rounded()))
        }
        if code == .cancelled {
            return CancellationError()
        }
        return NetworkError.unreachable(host: host)
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
