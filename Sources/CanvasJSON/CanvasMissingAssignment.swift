import CourseKit
import FoundationEssentials

/// An assignment the student has not handed in and is missing, as
/// `GET /users/self/missing_submissions?include[]=course&include[]=planner_overrides` lists it:
/// an assignment object without its submission, with its course and the student's planner mark.
package struct CanvasMissingAssignment: Decodable, Sendable {
    package struct Course: Decodable, Sendable {
        package var course_code: String?
        package var name: String?
    }

    package struct Override: Decodable, Sendable {
        package var marked_complete: Bool?
    }

    package var id: CanvasID
    package var name: String?
    package var course_id: CanvasID?
    package var due_at: String?
    package var points_possible: CanvasNumber?
    package var html_url: String?
    package var course: Course?
    package var planner_override: Override?

    /// The assignment as the planner would list it, missing; nil without a due date, which no
    /// missing work lacks (missing means past due).
    package var plannerItem: PlannerItem? {
        guard let due = due_at.flatMap(CanvasDate.parse) else { return nil }
        return PlannerItem(
            id: "assignment:\(id.text)",
            kind: .assignment,
            title: name.flatMap(\.nonBlank) ?? "Assignment \(id.text)",
            courseID: course_id.flatMap { CourseID($0.text) },
            courseCode: course?.course_code.flatMap(\.nonBlank),
            contextName: course?.name.flatMap(\.nonBlank),
            date: due,
            pointsPossible: points_possible?.value,
            assignmentID: id.text,
            status: PlannerItem.Status(isMissing: true),
            isMarkedComplete: planner_override?.marked_complete ?? false,
            htmlURL: html_url.flatMap(CanvasWebURL.parse)
        )
    }
}
