import CourseKit
import FoundationEssentials

/// A planner note as canvas-lms's `planner_note_json` writes it; only the fields read here.
package struct CanvasPlannerNote: Decodable, Sendable {
    package var id: CanvasID?
    package var title: String?
    package var todo_date: String?
    package var details: String?
    package var workflow_state: String?

    /// The note as the queue recognises it; nil without an ID or a date.
    package var record: PlannerNoteRecord? {
        guard let id, let date = todo_date.flatMap(CanvasDate.parse) else { return nil }
        return PlannerNoteRecord(id: id.text, title: title ?? "", date: date, details: details)
    }
}
