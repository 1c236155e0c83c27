import CCurl
import FoundationEssentials
import Synchronization

/// One request on its way through libcurl: what to send, what came back, and who waits for it.
///
/// Everything but `wait`, `cancel`, `isCancelled` and `finish` happens on the engine's
/// thread; those may come from any thread and share the `waiting` mutex.
final class CurlTransfer: @unchecked Sendable {
    /// How long the transfer may take, and how that time is counted.
    enum Deadline {
        /// The whole exchange must end in this time.
        case total(Duration)
        /// The transfer fails once nothing moves for this long (uploads of large files).
        case idle(Duration)
    }

    let request: HTTPRequest
    let body: UploadBody?
    let connectTimeout: Duration
    let deadline: Deadline
    let maxBodyBytes: Int64
    let progress: (@Sendable (Int64) -> Void)?
    /// For a download: where a successful answer's body goes instead of memory.
    let sink: DownloadSink?

    /// The easy handle while libcurl owns the transfer.
    var handle: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// Filled by the callbacks.
    var responseHeaders: [(String, String)] = []
    var responseBody = Data()
    var bodyTooLarge = false
    var reader: BodyReader?

    /// Who waits for the result, and how far the transfer got; touched from any thread.
    private struct Waiting {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var cancelled = false
        var finished = false
    }

    private let waiting = Mutex(Waiting())

    init(request: HTTPRequest, body: UploadBody?, connectTimeout: Duration, deadline: Deadline, maxBodyBytes: Int64,
         progress: (@Sendable (Int64) -> Void)?, sink: DownloadSink? = nil) {
        self.request = request
        self.body = body
        self.connectTimeout = connectTimeout
        self.deadline = deadline
        self.maxBodyBytes = maxBodyBytes
        self.progress = progress
        self.sink = sink
        reader = body.map { BodyReader($0, isRewindable: !request.isSentAtMostOnce) }
    }

    var host: String { request.url.host ?? request.url.absoluteString }

    /// Remembers who waits; a transfer cancelled before this finishes at once.
    func wait(with continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let alreadyCancelled = waiting.withLock { waiting in
            waiting.continuation = continuation
            return waiting.cancelled
        }
        if alreadyCancelled {
            finish(.failure(CancellationError()))
        }
    }

    /// Marks the transfer cancelled; the engine stops it on its next turn.
    func cancel() {
        waiting.withLock { $0.cancelled = true }
    }

    var isCancelled: Bool {
        waiting.withLock { $0.cancelled }
    }

    /// Hands the result to whoever waits, once; later results are dropped.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = waiting.withLock { waiting -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !waiting.finished, let continuation = waiting.continuation else { return nil }
            waiting.finished = true
            waiting.continuation = nil
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// The last value of the response header `name`, matched without regard to case.
    func responseHeader(_ name: String) -> String? {
        responseHeaders.last { $0.0.lowercased() == name }?.1
    }

    /// The answer as the callbacks collected it.
    func response(status: Int) -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in responseHeaders {
            let key = name.lowercased()
            headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        return HTTPResponse(status: status, headers: headers, body: responseBody)
    }

    /// Releases libcurl's resources; the engine calls it once the handle is out of the multi handle.
    func releaseHandle() {
        if let handle {
            cb_easy_cleanup(handle)
        }
        handle = nil
        if let headerList {
            cb_slist_free_all(headerList)
        }
        headerList = nil
        reader?.close()
        sink?.close()
    }
}
