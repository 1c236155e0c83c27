import CanvasJSON
import CourseKit
import FoundationEssentials

extension CanvasAPI {
    /// Every planner item from `start` up to `end`, read to the last page, in date order.
    ///
    /// Canvas leaves out concluded enrollments unless asked (`include[]=concluded`). Course
    /// codes are not asked for here: the course list already reads them, and reading every
    /// course again for each planner load would double the requests of a start.
    func plannerItems(from start: Date, to end: Date) async throws -> [PlannerItem] {
        let rows = try await all(CanvasPlannerItem.self, from: plannerURL(from: start, to: end), resource: .planner)
        let origin = baseURL
        return rows.compactMap { $0.item(resolvingAgainst: origin) }.sorted { $0.date < $1.date }
    }

    /// `GET /api/v1/planner/items` for the range, a hundred to a page (Canvas's default is fifty).
    func plannerURL(from start: Date, to end: Date) -> URL {
        let query = [("start_date", Self.timestamp(start)), ("end_date", Self.timestamp(end)), ("per_page", "100")]
        return url("/api/v1/planner/items", query: query)
    }

    /// `2026-12-03T07:00:00Z`, as Canvas reads planner dates.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
