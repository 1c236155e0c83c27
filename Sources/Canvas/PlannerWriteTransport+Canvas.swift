import CourseKit

extension PlannerWriteTransport {
    /// Sets done marks in the student's Canvas planner (`/api/v1/planner/overrides`), one
    /// override per item, and keeps their own to-dos (`/api/v1/planner_notes`).
    public static func canvas(_ connection: CanvasConnection) -> PlannerWriteTransport {
        let api = connection.api
        return PlannerWriteTransport(
            setDone: { mark in try await api.setDone(mark) },
            notes: { date in try await api.plannerNotes(around: date) },
            createNote: { note in try await api.createPlannerNote(note) },
            updateNote: { note in try await api.updatePlannerNote(note) },
            removeNote: { note in try await api.removePlannerNote(note) }
        )
    }
}
