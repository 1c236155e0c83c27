import Foundation

extension CanvasAPI {
    /// Redirects followed for one GET before the answer counts as unexpected.
    static let maxRedirects = 5

    /// Sends an authorized GET, waiting and trying again while Canvas throttles and
    /// following redirects that stay on Canvas's origin.
    func send(_ url: URL, course: CourseID?) async throws -> HTTPResponse {
        try await send(HTTPRequest(url: url), course: course)
    }

    /// Sends `request` with the token and checks the answer's status.
    func send(_ request: HTTPRequest, course: CourseID?) async throws -> HTTPResponse {
        let (response, url) = try await exchange(request)
        try check(response, url: url, course: course)
        return response
    }

    /// Sends `request` with the token, waits out throttling and, for a GET, follows
    /// same-origin redirects; returns the last answer, whatever its status, and its URL.
    ///
    /// The HTTP client never follows redirects itself, so the token can't leak: a redirect
    /// to another origin is refused here without being requested.
    func exchange(_ request: HTTPRequest) async throws -> (HTTPResponse, URL) {
        var current = request
        current.headers["Authorization"] = "Bearer \(token)"
        if current.headers["Accept"] == nil {
            current.headers["Accept"] = "application/json"
        }
        for _ in 0...Self.maxRedirects {
            let response = try await sendWaitingOutThrottling(current)
            guard current.method == "GET", let target = try redirectTarget(of: response, from: current.url) else {
                return (response, current.url)
            }
            current.url = target
        }
        logUnexpected(url: current.url, status: 0, detail: "more than \(Self.maxRedirects) redirects")
        throw CanvasError.unexpectedResponse(host: host)
    }

    private func sendWaitingOutThrottling(_ request: HTTPRequest) async throws -> HTTPResponse {
        for attempt in 0... {
            let response = try await http.send(request)
            guard isThrottled(response) else {
                LoadProgress.report(nil)
                return response
            }
            guard attempt < throttleDelays.count else { break }
            let delay = retryDelay(response, attempt: attempt)
            LoadProgress.report(LoadProgress.Note(reason: "rate limited", retryAt: clock.now().addingTimeInterval(delay.seconds)))
            try await clock.sleep(delay)
        }
        LoadProgress.report(nil)
        throw CanvasError.throttled(host: host)
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

    /// True when `url` has Canvas's scheme, host and port, so it may see the token.
    ///
    /// Unlike `checkSameOrigin`, a default port written out (`:443`) matches a base URL without one.
    func isSameOrigin(_ url: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : -1
            return (scheme, host, url.port ?? defaultPort)
        }
        guard let target = origin(url), let base = origin(baseURL) else { return false }
        return target == base
    }

    /// Canvas signals throttling with 403 "Rate Limit Exceeded"; proxies in front of it use 429.
    func isThrottled(_ response: HTTPResponse) -> Bool {
        if response.status == 429 { return true }
        guard response.status == 403 else { return false }
        return String(decoding: response.body.prefix(512), as: UTF8.self).localizedCaseInsensitiveContains("rate limit exceeded")
    }

    private func retryDelay(_ response: HTTPResponse, attempt: Int) -> Duration {
        if let header = response.header("Retry-After"), let seconds = Int(header.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return .seconds(min(seconds, 60))
        }
        return throttleDelays[attempt]
    }

    /// Turns a status that is not success into the `CanvasError` a person can read.
    func check(_ response: HTTPResponse, url: URL, course: CourseID?) throws {
        switch response.status {
        case 200..<300:
            return
        case 401:
            throw CanvasError.unauthorized(host: host)
        case 403:
            throw CanvasError.forbidden(host: host)
        case 404:
            if let course { throw CanvasError.courseNotFound(course) }
            throw CanvasError.server(host: host, status: 404)
        default:
            if !(500..<600).contains(response.status) {
                logUnexpected(url: url, status: response.status, detail: "unexpected status")
            }
            throw CanvasError.server(host: host, status: response.status)
        }
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
