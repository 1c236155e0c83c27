import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

/// The Canvas REST API at one base URL with one access token.
///
/// Adds the bearer token, waits out throttling, follows pagination, and turns
/// every status and body Canvas may send into a `CanvasError` a person can read.
struct CanvasAPI: Sendable {
    /// Canvas's address, already normalized by `SiteBaseURL`.
    let baseURL: URL
    let credentials: AccessCredentials
    let http: HTTPClient
    let clock: WallClock
    let analytics: Analytics
    /// Who hears about throttling waits during the current load.
    var progress = LoadProgress.ignored
    /// Waits between attempts when Canvas throttles without saying how long; one attempt more than there are delays.
    var throttleDelays: [Duration] = [1, 2, 4, 8, 16, 30].map { .seconds($0) }
    /// The longest `Retry-After` waited out in place; a longer one fails the request and says when to come back.
    var longestWait: TimeInterval = 120

    /// The same API reporting its waits to `progress`.
    func reporting(to progress: LoadProgress) -> CanvasAPI {
        var copy = self
        copy.progress = progress
        return copy
    }

    var origin: WebOrigin? { WebOrigin(baseURL) }

    var host: String {
        origin?.displayHost ?? baseURL.absoluteString
    }

    /// `baseURL` + `path`, with `query` pairs in order (repeated names allowed, as `include[]` needs).
    func url(_ path: String, query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url ?? baseURL
    }

    /// A path segment for a course ID; `sis_course_id:ABC` keeps its colon, as Canvas expects.
    static func pathSegment(_ id: CourseID) -> String {
        pathSegment(id.rawValue)
    }

    /// `text` as one path segment: a slash or a query mark in it can't reach another endpoint.
    static func pathSegment(_ text: String) -> String {
        // Foundation's `urlPathAllowed` less "/;?#%".
        let allowed = ScalarSet.asciiAlphanumerics(and: "!$&'()*+,-.:=@_~")
        return text.percentEncoded(allowing: allowed)
    }

    /// GETs `url` and decodes its JSON body; errors name `resource`.
    func get<Value: Decodable>(_ type: Value.Type, from url: URL, resource: CanvasResource) async throws -> (Value, HTTPResponse) {
        let response = try await send(url, resource: resource)
        return (try decode(type, from: response, url: url), response)
    }

    /// Every element of a paginated listing, following `rel="next"` links to the end.
    func all<Element: Decodable>(_ type: Element.Type, from url: URL, resource: CanvasResource) async throws -> [Element] {
        var elements: [Element] = []
        var trail = PageTrail(startedAt: clock.now())
        var next: URL? = url
        while let current = next {
            // A server whose next link leads back to a page already read would loop forever.
            try check(&trail, at: current) { try $0.enter(current, at: clock.now()) }
            let (page, response) = try await get([Element].self, from: current, resource: resource)
            try check(&trail, at: current) { try $0.arrived(response.body, isEmpty: page.isEmpty) }
            elements += page
            next = try nextPage(after: response)
        }
        return elements
    }

    /// Runs one of `trail`'s checks at the page `url`, logging a listing it stops.
    private func check(_ trail: inout PageTrail, at url: URL, _ step: (inout PageTrail) throws -> Void) throws {
        do {
            try step(&trail)
        } catch {
            logUnexpected(url: url, status: 200, detail: "pagination stopped (\(error))")
            throw error
        }
    }

    /// The next page's URL, refusing links that would carry the token to another server.
    func nextPage(after response: HTTPResponse) throws -> URL? {
        guard let next = LinkHeader.url("next", in: response.header("Link")) else { return nil }
        try checkSameOrigin(next)
        return next
    }

    /// True when `url` has Canvas's scheme, host and port (a default port written out or not), so it may see the token.
    func isSameOrigin(_ url: URL) -> Bool {
        guard let target = WebOrigin(url), let origin else { return false }
        return target == origin
    }

    func checkSameOrigin(_ url: URL) throws {
        guard isSameOrigin(url) else {
            logUnexpected(url: url, status: 200, detail: "link to another origin: \(url.host ?? "?")")
            throw CanvasError.unexpectedResponse(host: host)
        }
    }
}
