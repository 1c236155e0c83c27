import Foundation

extension CanvasAPI {
    /// Sends an authorized GET, waiting and trying again while Canvas throttles.
    func send(_ url: URL, course: CourseID?) async throws -> HTTPResponse {
        let request = HTTPRequest(url: url, headers: ["Authorization": "Bearer \(token)", "Accept": "application/json"])
        for attempt in 0... {
            let response = try await http.send(request)
            guard isThrottled(response) else {
                LoadProgress.report(nil)
                try check(response, url: url, course: course)
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

    private func check(_ response: HTTPResponse, url: URL, course: CourseID?) throws {
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
