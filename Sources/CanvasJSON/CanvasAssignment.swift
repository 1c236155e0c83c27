import CourseKit

/// A Canvas assignment object, as `GET /courses/:id/assignments?include[]=submission` returns it.
///
/// `submission` comes only with that include, and only for students.
package struct CanvasAssignment: Decodable, Sendable {
    package struct Submission: Decodable, Sendable {
        package var workflow_state: String?
        package var submitted_at: String?
        package var attempt: Int?
        package var late: Bool?
        package var missing: Bool?
        package var excused: Bool?
        package var score: Double?
        package var grade: String?
    }

    package var id: CanvasID
    package var name: String?
    package var due_at: String?
    package var points_possible: Double?
    package var submission_types: [String]?
    package var allowed_extensions: [String]?
    package var locked_for_user: Bool?
    package var lock_explanation: String?
    package var submission: Submission?
    package var html_url: String?

    package var assignment: Assignment {
        let locked = locked_for_user ?? false
        return Assignment(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Assignment \(id.text)",
            dueAt: due_at.flatMap(CanvasDate.parse),
            pointsPossible: points_possible,
            submissionTypes: submission_types ?? [],
            allowedExtensions: (allowed_extensions ?? []).map { $0.lowercased().trimmingPrefix(".").description },
            isLocked: locked,
            lockExplanation: locked ? lock_explanation.flatMap(\.nonBlank) : nil,
            submission: submission.map(\.domain),
            htmlURL: html_url.flatMap(CanvasWebURL.parse)
        )
    }
}

extension CanvasAssignment.Submission {
    var domain: Assignment.Submission {
        Assignment.Submission(
            state: workflow_state.flatMap(Assignment.Submission.State.init(rawValue:)) ?? .unsubmitted,
            submittedAt: submitted_at.flatMap(CanvasDate.parse),
            attempt: attempt,
            isLate: late ?? false,
            isMissing: missing ?? false,
            isExcused: excused ?? false,
            score: score,
            grade: grade
        )
    }
}
