import CourseKit

extension PlannerClient {
    /// Canvas's planner, as `connection` reaches it.
    public static func canvas(_ connection: CanvasConnection) -> PlannerClient {
        canvas(connection.api)
    }

    static func canvas(_ api: CanvasAPI) -> PlannerClient {
        PlannerClient { start, end, progress in
            try await api.reporting(to: progress).plannerItems(from: start, to: end)
        }
    }
}
