import CanvasJSON
import CourseKit
import FoundationEssentials

extension CanvasAPI {
    /// Every planner item from `start` up to `end`, read to the last page, in date order.
    ///
    /// Canvas leaves out concluded enrollments unless asked (`include[]=concluded`). Course
    /// codes are not asked for here: the course list already reads them, and reading every
    /// course again for each planner load would double the requests of a start.
    ///
    /// Beside it, the student's missing work, which the planner lists only within its dates:
    /// work missing since before `start` is added, so the Missing group and its count hold it.
    func plannerItems(from start: Date, to end: Date) async throws -> [PlannerItem] {
        async let missing = all(CanvasMissingAssignment.self, from: missingURL, resource: .planner)
        let rows = try await all(CanvasPlannerItem.self, from: plannerURL(from: start, to: end), resource: .planner)
        let origin = baseURL
        let items = rows.compactMap { $0.item(resolvingAgainst: origin) }.filter { $0.date >= start && $0.date < end }
        let listed = Set(items.compactMap(\.assignmentID))
        let older = try await missing.compactMap(\.plannerItem).filter { $0.date < start && !listed.contains($0.assignmentID ?? "") }
        return (older + items).sorted { $0.date < $1.date }
    }

    /// `GET /api/v1/users/self/missing_submissions`, with each assignment's course and the
    /// student's planner mark; locked work too, which counts as missing all the same.
    var missingURL: URL {
        url("/api/v1/users/self/missing_submissions", query: [
            ("include[]", "course"), ("include[]", "planner_overrides"), ("per_page", "100"),
        ])
    }

    /// `GET /api/v1/planner/items` for the whole UTC days around the range, a hundred to a page
    /// (Canvas's default is fifty).
    ///
    /// Every load on one day asks the same address, which Canvas can answer "unchanged" (304)
    /// when its ETag still holds; what falls outside the range is left out after reading.
    func plannerURL(from start: Date, to end: Date) -> URL {
        let query = [("start_date", Self.timestamp(Self.dayStart(start))), ("end_date", Self.timestamp(Self.dayEnd(end))), ("per_page", "100")]
        return url("/api/v1/planner/items", query: query)
    }

    /// Midnight UTC at or before `date`.
    static func dayStart(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    /// Midnight UTC at or after `date`.
    static func dayEnd(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.up) * 86_400)
    }

    /// `2026-12-03T07:00:00Z`, as Canvas reads planner dates.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
