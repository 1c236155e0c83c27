import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight: resolves exactly once, with the answer, a timeout or a cancellation.
final class URLSessionExchange: @unchecked Sendable {
    /// How the time allowed is counted.
    enum Clock {
        /// From the start to the complete answer.
        case total
        /// Since the last byte sent or received, so a slow but moving upload lives on.
        case idle
    }

    private let request: HTTPRequest
    private let timeout: Duration
    private let clock: Clock
    private let progress: (@Sendable (Int64) -> Void)?
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var task: URLSessionTask?
    private var timer: (any DispatchSourceTimer)?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var lastActivity = DispatchTime.now()
    private var timedOut = false
    private var cancelled = false

    init(request: HTTPRequest, timeout: Duration, clock: Clock, progress: (@Sendable (Int64) -> Void)?) {
        self.request = request
        self.timeout = timeout
        self.clock = clock
        self.progress = progress
    }

    private var host: String { request.url.host ?? "the server" }

    /// Starts the task `makeTask` creates (already routed to this exchange) and waits for its end.
    func run(_ makeTask: @escaping @Sendable () -> URLSessionTask) async throws -> HTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(continuation, makeTask: makeTask)
            }
        } onCancel: {
            let task = lock.withLock {
                cancelled = true
                return self.task
            }
            task?.cancel()
        }
    }

    private func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>, makeTask: () -> URLSessionTask) {
        let alreadyCancelled = lock.withLock { cancelled }
        guard !alreadyCancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        let task = makeTask()
        let timer = makeTimer()
        lock.withLock {
            self.continuation = continuation
            self.task = task
            self.timer = timer
            lastActivity = .now()
        }
        timer.resume()
        task.resume()
        // A cancellation that raced with the lines above still has to stop the task.
        if lock.withLock({ cancelled }) {
            task.cancel()
        }
    }

    private func makeTimer() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        switch clock {
        case .total:
            timer.schedule(deadline: .now() + timeout.seconds)
        case .idle:
            let interval = min(1, max(0.05, timeout.seconds / 4))
            timer.schedule(deadline: .now() + interval, repeating: interval)
        }
        timer.setEventHandler { [weak self] in self?.checkTime() }
        return timer
    }

    private func checkTime() {
        let task: URLSessionTask? = lock.withLock {
            guard continuation != nil, !timedOut else { return nil }
            let now = DispatchTime.now().uptimeNanoseconds, last = lastActivity.uptimeNanoseconds
            let idle = Double(now > last ? now - last : 0) / 1e9
            guard clock == .total || idle >= timeout.seconds else { return nil }
            timedOut = true
            return self.task
        }
        task?.cancel()
    }

    func didSend(totalBytes: Int64) {
        lock.withLock { lastActivity = .now() }
        progress?(totalBytes)
    }

    func didReceive(response: URLResponse) {
        lock.withLock {
            lastActivity = .now()
            self.response = response as? HTTPURLResponse
        }
    }

    func didReceive(data: Data) {
        lock.withLock {
            lastActivity = .now()
            body.append(data)
        }
    }

    func didComplete(error: (any Error)?, response taskResponse: URLResponse?) {
        let (continuation, timer, timedOut, response, body) = lock.withLock {
            defer {
                self.continuation = nil
                self.timer = nil
                self.task = nil
                self.body = Data()
            }
            return (self.continuation, self.timer, self.timedOut, self.response ?? taskResponse as? HTTPURLResponse, self.body)
        }
        timer?.cancel()
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: translate(error, timedOut: timedOut))
        } else if let response {
            let headers = response.allHeaderFields.reduce(into: [String: String]()) { result, field in
                result[String(describing: field.key)] = String(describing: field.value)
            }
            continuation.resume(returning: HTTPResponse(status: response.statusCode, headers: headers, body: body))
        } else {
            continuation.resume(throwing: NetworkError.unreachable(host: host))
        }
    }

    private func translate(_ error: any Error, timedOut: Bool) -> any Error {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        if timedOut || code == .timedOut {
            return NetworkError.timedOut(host: host, seconds: Int(timeout.seconds.rounded()))
        }
        if code == .cancelled {
            return CancellationError()
        }
        return NetworkError.unreachable(host: host)
    }
}
