import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// What every course listing asks Canvas to include; `total_scores` puts the user's current
    /// grade on their enrollment, unless the course hides its final grades.
    static let listIncludes = ["term", "teachers", "favorites", "concluded", "total_scores", "current_grading_period_scores"]

    /// One page of `scope`'s courses from `cursor` on (nil: the first page).
    ///
    /// A scope may be several Canvas listings read one after another ("All" is the usual list
    /// and then the concluded enrollments); the cursor carries which listing it is in.
    func coursesPage(_ scope: CourseScope, after cursor: PageCursor?) async throws -> Page<Course> {
        let listings = courseListings(scope)
        let (listing, pageURL) = try position(of: cursor, in: listings)
        let (stubs, response) = try await get([CanvasCourse].self, from: pageURL, resource: scope == .favorites ? .favorites : .courseList)
        var courses = stubs.map(\.siteCourse).map(withWebAddress)
        if scope == .current {
            let now = clock.now()
            courses.removeAll { $0.hasEnded(at: now) }
        }
        let next: PageCursor?
        if let nextURL = try nextPage(after: response) {
            next = Self.cursor(listing: listing, url: nextURL)
        } else if listing + 1 < listings.count {
            next = Self.cursor(listing: listing + 1, url: listings[listing + 1])
        } else {
            next = nil
        }
        // Keyed by listing too: All's two listings may well bring the same page.
        let contentKey = stubs.isEmpty ? nil : "\(listing) \(PageTrail.digest(response.body))"
        return Page(items: courses, next: next, contentKey: contentKey)
    }

    /// The first page of each Canvas listing that makes up `scope`.
    func courseListings(_ scope: CourseScope) -> [URL] {
        let common = [("per_page", "100")] + Self.listIncludes.map { ("include[]", $0) }
        switch scope {
        case .current:
            // Canvas's own list: active and invited enrollments, those concluded by date too, which are left out here.
            return [url("/api/v1/courses", query: common)]
        case .favorites:
            return [url("/api/v1/users/self/favorites/courses", query: common)]
        case .all:
            let concluded = [("enrollment_state", "completed"), ("state[]", "available"), ("state[]", "completed")]
            return [url("/api/v1/courses", query: common), url("/api/v1/courses", query: common + concluded)]
        }
    }

    private func position(of cursor: PageCursor?, in listings: [URL]) throws -> (Int, URL) {
        guard let cursor else { return (0, listings[0]) }
        let parts = cursor.rawValue.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let listing = Int(parts[0]), listings.indices.contains(listing),
              let url = URL(string: String(parts[1])) else {
            throw CanvasError.unexpectedResponse(host: host)
        }
        try checkSameOrigin(url)
        return (listing, url)
    }

    private static func cursor(listing: Int, url: URL) -> PageCursor {
        PageCursor("\(listing) \(url.absoluteString)")
    }

    /// `course` with its page on this Canvas, `<base>/courses/<id>`, unless it names one itself.
    func withWebAddress(_ course: Course) -> Course {
        guard course.htmlURL == nil, !course.isRestricted else { return course }
        var addressed = course
        addressed.htmlURL = url("/courses/\(Self.pathSegment(course.id))")
        return addressed
    }

    func course(_ id: CourseID, include: [String]) async throws -> CanvasCourse {
        let courseURL = url("/api/v1/courses/\(Self.pathSegment(id))", query: include.map { ("include[]", $0) })
        return try await get(CanvasCourse.self, from: courseURL, resource: .course(id)).0
    }

    /// Modules with their items and lock details; a module listed without items (Canvas
    /// leaves them out of large modules) has them loaded from its `items_url`.
    func modules(_ id: CourseID) async throws -> [CourseModule] {
        let query = [("include[]", "items"), ("include[]", "content_details"), ("per_page", "100")]
        let modulesURL = url("/api/v1/courses/\(Self.pathSegment(id))/modules", query: query)
        var modules = try await all(CanvasModule.self, from: modulesURL, resource: .modules(id))
        for index in modules.indices where modules[index].items == nil {
            guard let itemsURL = modules[index].items_url.flatMap(URL.init(string:)) else { continue }
            try checkSameOrigin(itemsURL)
            let resource = CanvasResource.moduleItems(id, module: modules[index].id.text)
            modules[index].items = try await all(CanvasModule.Item.self, from: itemsURL.appending(Self.itemQuery), resource: resource)
        }
        return modules.map(\.module).sorted { $0.position < $1.position }
    }

    /// The course's assignments, each with the user's own submission.
    /// The course's assignments with the student's submissions, and on each submission the
    /// comments the student may read and the rubric's marks, asked beside it.
    func assignments(_ id: CourseID) async throws -> [Assignment] {
        let query = [("include[]", "submission"), ("per_page", "100")]
        let assignmentsURL = url("/api/v1/courses/\(Self.pathSegment(id))/assignments", query: query)
        let feedbackQuery = [("include[]", "submission_comments"), ("include[]", "rubric_assessment"), ("per_page", "100")]
        let feedbackURL = url("/api/v1/courses/\(Self.pathSegment(id))/students/submissions", query: feedbackQuery)
        async let feedback = all(CanvasSubmissionFeedback.self, from: feedbackURL, resource: .assignments(id))
        let assignments = try await all(CanvasAssignment.self, from: assignmentsURL, resource: .assignments(id)).map(\.assignment)
        let byAssignment = Dictionary(try await feedback.map { ($0.assignment_id.text, $0) }, uniquingKeysWith: { first, _ in first })
        return assignments.map { assignment in
            guard var submission = assignment.submission, let feedback = byAssignment[assignment.id] else { return assignment }
            submission.comments = feedback.comments
            submission.rubricMarks = feedback.rubricMarks
            var withFeedback = assignment
            withFeedback.submission = submission
            return withFeedback
        }
    }

    /// What a module's own items listing needs to match `include[]=items&include[]=content_details`.
    static let itemQuery = [("include[]", "content_details"), ("per_page", "100")]
}

extension URL {
    /// The URL with `pairs` added to its query, except names it already has.
    func appending(_ pairs: [(String, String)]) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        var items = components.queryItems ?? []
        let present = Set(items.map(\.name))
        items += pairs.filter { !present.contains($0.0) }.map { URLQueryItem(name: $0.0, value: $0.1) }
        components.queryItems = items
        return components.url ?? self
    }
}
