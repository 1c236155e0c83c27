import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

extension CanvasAPI {
    /// Redirects followed for one GET before the answer counts as unexpected.
    static let maxRedirects = 5

    /// Sends an authorized GET about `resource`, waiting while Canvas throttles and
    /// following redirects that stay on Canvas's origin.
    func send(_ url: URL, resource: CanvasResource) async throws -> HTTPResponse {
        try await send(HTTPRequest(url: url), resource: resource)
    }

    /// Sends `request` with the token and checks the answer's status.
    func send(_ request: HTTPRequest, resource: CanvasResource) async throws -> HTTPResponse {
        let (response, url) = try await exchange(request)
        try check(response, url: url, resource: resource)
        return response
    }

    /// Sends `request` with the token, waits out throttling and, for a GET, follows
    /// same-origin redirects; returns the last answer, whatever its status, and its URL.
    ///
    /// The HTTP client never follows redirects itself, so the token can't leak: a redirect
    /// to another origin is refused here without being requested.
    func exchange(_ request: HTTPRequest) async throws -> (HTTPResponse, URL) {
        var current = request
        current.headers["Authorization"] = "Bearer \(credentials.token)"
        current.isBackground = current.isBackground || progress.urgency == .background
        if current.headers["Accept"] == nil {
            current.headers["Accept"] = "application/json"
        }
        for _ in 0...Self.maxRedirects {
            let response = try await sendWaitingWhileBusy(current)
            guard current.method == "GET", let target = try redirectTarget(of: response, from: current.url) else {
                return (response, current.url)
            }
            current.url = target
        }
        logUnexpected(url: current.url, status: 0, detail: "more than \(Self.maxRedirects) redirects")
        throw CanvasError.unexpectedResponse(host: host)
    }

    /// Sends until Canvas stops throttling (or a 503 with `Retry-After` passes), telling the
    /// waiting pane how long each wait lasts.
    private func sendWaitingWhileBusy(_ request: HTTPRequest) async throws -> HTTPResponse {
        defer { progress.report(nil) }
        var attempt = 0
        while true {
            let response = try await http.send(request)
            guard let reason = busyReason(response) else { return response }
            let askedWait = RetryAfter.seconds(response.header("Retry-After"), now: clock.now())
            if let askedWait, askedWait > longestWait {
                throw CanvasError.throttled(host: host, retryAfter: askedWait)
            }
            // A 503 is only a pause when Canvas says how long; otherwise it is a server error.
            guard askedWait != nil || response.status != 503, attempt < throttleDelays.count else {
                return response
            }
            let wait = askedWait.map { Duration.seconds($0) } ?? throttleDelays[attempt]
            progress.report(LoadProgress.Note(reason: reason, retryAt: clock.now().addingTimeInterval(wait.seconds)))
            try await clock.sleep(wait)
            attempt += 1
        }
    }

    /// Why `response` means "not now": throttling (403 "Rate Limit Exceeded" or 429) or a busy server (503).
    private func busyReason(_ response: HTTPResponse) -> String? {
        if isThrottled(response) { return "rate limited" }
        return response.status == 503 ? "Canvas is busy" : nil
    }

    /// Where a redirect answer points, or nil when `response` is not a redirect.
    private func redirectTarget(of response: HTTPResponse, from url: URL) throws -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status) else { return nil }
        guard let location = response.header("Location"), let target = URL(string: location, relativeTo: url)?.absoluteURL else {
            logUnexpected(url: url, status: response.status, detail: "redirect without a usable Location")
            throw CanvasError.unexpectedResponse(host: host)
        }
        guard isSameOrigin(target) else {
            logUnexpected(url: url, status: response.status, detail: "redirect to another origin: \(target.host ?? "?")")
            throw CanvasError.unexpectedResponse(host: host)
        }
        return target
    }

    /// Canvas signals throttling with 403 "Rate Limit Exceeded" or, in newer versions, with 429.
    func isThrottled(_ response: HTTPResponse) -> Bool {
        if response.status == 429 { return true }
        guard response.status == 403 else { return false }
        return String(decoding: response.body.prefix(512), as: UTF8.self).containsIgnoringCase("rate limit exceeded")
    }

    /// Decodes a JSON body; anything else is logged in detail and shown as one short line.
    func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse, url: URL) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            let detail = JSONSyntaxError.locate(in: response.body)?.description ?? String(describing: error)
            logUnexpected(url: url, status: response.status, detail: detail)
            throw CanvasError.unexpectedResponse(host: host)
        }
    }

    /// Records what was wrong with an answer in the event log, never the token.
    func logUnexpected(url: URL, status: Int, detail: String) {
        analytics.track(AnalyticsEvent(name: "unexpected_response", properties: [
            "host": host, "path": url.path, "status": String(status), "detail": String(detail.prefix(500)),
        ]))
    }
}
