import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

/// Moodle's web service at one site with one user's token.
///
/// Every function is one `POST /webservice/rest/server.php?moodlewsrestformat=json&wsfunction=NAME`
/// whose form carries the token (never the URL, which proxies and server logs keep) and the
/// parameters; Moodle answers errors with HTTP 200 too, so every answer is read for
/// `{"exception", "errorcode", "message"}` before it is taken as the function's.
struct MoodleAPI: Sendable {
    /// The site's address, its `wwwroot`, already normalized by `SiteBaseURL`.
    let siteURL: URL
    let credentials: AccessCredentials
    let http: HTTPClient
    let clock: WallClock
    let analytics: Analytics

    /// How one call is made.
    struct Call: Sendable {
        /// Text fields as they are stored, not formatted for display: what a hand-in must send
        /// back unchanged (`moodlewssettingraw`), with `@@PLUGINFILE@@` left as it is.
        var raw = false
        /// A call whose repetition the caller decides, such as saving a submission: libcurl never
        /// sends it twice by itself.
        var isSentAtMostOnce = false
        /// Nobody waits on the answer (a refresh).
        var isBackground = false

        static let plain = Call()
    }

    var origin: WebOrigin? { WebOrigin(siteURL) }

    var host: String {
        origin?.displayHost ?? siteURL.absoluteString
    }

    /// The site's address + `path`, with `query` pairs in order.
    func url(_ path: String, query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: siteURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url ?? siteURL
    }

    /// Whether `url` is on the site's own origin, the only one that may see the token.
    func isSameOrigin(_ url: URL) -> Bool {
        guard let target = WebOrigin(url), let origin else { return false }
        return target == origin
    }

    /// Calls `function` and decodes its answer as `Value`; every error is a `MoodleError` or a `NetworkError`.
    func call<Value: Decodable>(_ type: Value.Type, _ function: String, _ parameters: MoodleParameters = MoodleParameters(), _ call: Call = .plain) async throws -> Value {
        let body = try await self.call(function, parameters, call)
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            logUnexpected(function: function, status: 200, detail: "\(error)")
            throw MoodleError.unexpectedResponse(host: host)
        }
    }

    /// Calls `function` and returns its answer's body once it is known not to be an error.
    func call(_ function: String, _ parameters: MoodleParameters = MoodleParameters(), _ call: Call = .plain) async throws -> Data {
        var form = [("wstoken", credentials.token)]
        if call.raw {
            form += [("moodlewssettingraw", "1"), ("moodlewssettingfileurl", "0")]
        }
        form += parameters.pairs
        let request = HTTPRequest(
            method: "POST",
            url: url("/webservice/rest/server.php", query: [("moodlewsrestformat", "json"), ("wsfunction", function)]),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(FormEncoding.encode(form).utf8),
            isSentAtMostOnce: call.isSentAtMostOnce,
            isBackground: call.isBackground
        )
        let response = try await http.send(request)
        try check(response, function: function)
        return response.body
    }

    /// Throws what an answer that is not the function's means.
    private func check(_ response: HTTPResponse, function: String) throws {
        switch response.status {
        case 200:
            break
        case 403 where response.body.isEmpty:
            throw MoodleError.webServicesOff(host: host)
        case 503:
            throw MoodleError.maintenance(host: host, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now()))
        case 404:
            throw MoodleError.noMoodle(host: host)
        case 300..<400:
            // A redirect from the web service is a front (single sign-on, a proxy) sending the
            // app to a login page: never followed, as the form carries the token.
            logUnexpected(function: function, status: response.status, detail: "redirected")
            throw MoodleError.webPage(host: host)
        default:
            throw MoodleError.server(host: host, status: response.status)
        }
        if MoodleAnswer.isWebPage(response) {
            logUnexpected(function: function, status: 200, detail: "a web page")
            throw MoodleError.webPage(host: host)
        }
        if let failure = MoodleException(response.body) {
            throw failure.error(host: host, function: function, credentials: credentials)
        }
    }

    /// Records in the event log what was wrong with an answer, never the token.
    func logUnexpected(function: String, status: Int, detail: String) {
        analytics.track(AnalyticsEvent(name: "unexpected_response", properties: [
            "host": host, "path": "/webservice/rest/server.php", "function": function, "status": String(status),
            "detail": String(detail.prefix(500)),
        ]))
    }
}
