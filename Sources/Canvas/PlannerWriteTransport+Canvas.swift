import CourseKit

extension PlannerWriteTransport {
    /// Sets done marks in the student's Canvas planner (`/api/v1/planner/overrides`), one override per item.
    public static func canvas(_ connection: CanvasConnection) -> PlannerWriteTransport {
        let api = connection.api
        return PlannerWriteTransport(setDone: { mark in try await api.setDone(mark) })
    }
}
