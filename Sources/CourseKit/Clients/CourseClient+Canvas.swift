import Foundation

extension CourseClient {
    /// Canvas LMS over HTTPS at `baseURL`, authorized by `token`.
    public static func canvas(
        baseURL: URL,
        token: String,
        http: HTTPClient,
        clock: WallClock,
        analytics: Analytics
    ) -> CourseClient {
        canvas(CanvasAPI(baseURL: baseURL, token: token, http: http, clock: clock, analytics: analytics))
    }

    static func canvas(_ api: CanvasAPI) -> CourseClient {
        CourseClient(
            coursesPage: { cursor in try await api.coursesPage(cursor) },
            course: { id in try await api.course(id, include: ["term", "teachers"]).course },
            syllabus: { id in try await api.course(id, include: ["syllabus_body"]).syllabus_body },
            modules: { id in try await api.modules(id) }
        )
    }
}

extension CanvasAPI {
    func coursesPage(_ cursor: PageCursor?) async throws -> Page<Course> {
        let pageURL: URL
        if let cursor {
            guard let url = URL(string: cursor.rawValue) else { throw CanvasError.unexpectedResponse(host: host) }
            try checkSameOrigin(url)
            pageURL = url
        } else {
            pageURL = url("/api/v1/courses", query: [("per_page", "100"), ("include[]", "term"), ("include[]", "teachers")])
        }
        let (courses, response) = try await get([CanvasCourse].self, from: pageURL)
        let next = try nextPage(after: response)
        return Page(items: courses.map(\.course), next: next.map { PageCursor($0.absoluteString) })
    }

    func course(_ id: CourseID, include: [String]) async throws -> CanvasCourse {
        let courseURL = url("/api/v1/courses/\(Self.pathSegment(id))", query: include.map { ("include[]", $0) })
        return try await get(CanvasCourse.self, from: courseURL, course: id).0
    }

    /// Modules with their items; a module listed without items (Canvas leaves them out of
    /// large modules) has them loaded from its `items_url`.
    func modules(_ id: CourseID) async throws -> [CourseModule] {
        let modulesURL = url("/api/v1/courses/\(Self.pathSegment(id))/modules", query: [("include[]", "items"), ("per_page", "100")])
        var modules = try await all(CanvasModule.self, from: modulesURL, course: id)
        for index in modules.indices where modules[index].items == nil {
            guard let itemsURL = modules[index].items_url.flatMap(URL.init(string:)) else { continue }
            try checkSameOrigin(itemsURL)
            modules[index].items = try await all(CanvasModule.Item.self, from: itemsURL.appendingPerPage(), course: id)
        }
        return modules.map(\.module).sorted { $0.position < $1.position }
    }
}

extension URL {
    /// The URL asking for Canvas's largest page size unless it already names one.
    func appendingPerPage() -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        var items = components.queryItems ?? []
        guard !items.contains(where: { $0.name == "per_page" }) else { return self }
        items.append(URLQueryItem(name: "per_page", value: "100"))
        components.queryItems = items
        return components.url ?? self
    }
}
