import CanvasJSON
import CourseKit
import FoundationEssentials

extension CanvasAPI {
    /// Every planner item from `start` up to `end`, read to the last page, in date order, each
    /// with its course's code; items of courses that have ended are left out.
    ///
    /// Canvas leaves out concluded enrollments unless asked (`include[]=concluded`), but a
    /// course ended by its dates may still send items: the course listing, read once, says
    /// which have ended and gives every course's code.
    func plannerItems(from start: Date, to end: Date) async throws -> [PlannerItem] {
        let rows = try await all(CanvasPlannerItem.self, from: plannerURL(from: start, to: end), resource: .planner)
        let courses = try await everyCourse()
        let now = clock.now()
        let origin = baseURL
        return rows.compactMap { $0.item(resolvingAgainst: origin) }
            .filter { item in item.courseID.flatMap { courses[$0] }.map { !$0.hasEnded(at: now) } ?? true }
            .map { item in
                var coded = item
                coded.courseCode = item.courseID.flatMap { courses[$0]?.code.nonBlank }
                return coded
            }
            .sorted { $0.date < $1.date }
    }

    /// `GET /api/v1/planner/items` for the range, a hundred to a page (Canvas's default is fifty).
    func plannerURL(from start: Date, to end: Date) -> URL {
        let query = [("start_date", Self.timestamp(start)), ("end_date", Self.timestamp(end)), ("per_page", "100")]
        return url("/api/v1/planner/items", query: query)
    }

    /// The user's courses by ID, from Canvas's own course list.
    private func everyCourse() async throws -> [CourseID: Course] {
        let listing = courseListings(.current)[0]
        let courses = try await all(CanvasCourse.self, from: listing, resource: .courseList).map(\.course)
        return Dictionary(courses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `2026-12-03T07:00:00Z`, as Canvas reads planner dates.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
