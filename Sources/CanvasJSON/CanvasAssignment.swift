import CourseKit
import FoundationEssentials

/// A Canvas assignment object, as `GET /courses/:id/assignments?include[]=submission` returns it.
///
/// `submission` comes only with that include, and only for students. Its dates (`due_at`,
/// `unlock_at`, `lock_at`) are the student's own, overrides applied.
package struct CanvasAssignment: Decodable, Sendable {
    /// The student's submission. While its grade is not posted (`posted_at: null`), Canvas
    /// leaves `score` and `grade` out, though `workflow_state` already says `graded`.
    package struct Submission: Decodable, Sendable {
        package var workflow_state: String?
        package var submitted_at: String?
        package var attempt: CanvasWholeNumber?
        package var late: Bool?
        package var missing: Bool?
        package var excused: Bool?
        package var score: CanvasNumber?
        package var grade: String?
        package var posted_at: String?
        /// `extended` where the teacher gave this student more time; `late`, `missing`, `none` or null otherwise.
        package var late_policy_status: String?
        package var redo_request: Bool?

        package init() {}
    }

    package var id: CanvasID
    package var name: String?
    package var due_at: String?
    package var unlock_at: String?
    package var lock_at: String?
    package var points_possible: CanvasNumber?
    package var grading_type: String?
    package var submission_types: [String]?
    package var allowed_extensions: [String]?
    package var locked_for_user: Bool?
    package var lock_explanation: String?
    package var submission: Submission?
    package var html_url: String?
    /// The criteria it is marked by, and how the rubric is shown, where it has one.
    package var rubric: [CanvasRubric.Criterion]?
    package var rubric_settings: CanvasRubric.Settings?
    /// Only in catalog files: when it is due counted from the moment the catalog is read, in
    /// days, hours or both (`-3` is three days ago); it wins over `due_at`.
    package var due_in_days: CanvasNumber?
    package var due_in_hours: CanvasNumber?

    /// An assignment with its ID alone, its other fields to be filled in by a reader of its JSON.
    package init(id: CanvasID) {
        self.id = id
    }

    /// Seconds from the catalog's reading to the due date; nil where only `due_at` says when.
    package var dueOffset: TimeInterval? {
        guard due_in_days != nil || due_in_hours != nil else { return nil }
        return (due_in_days?.value ?? 0) * 86_400 + (due_in_hours?.value ?? 0) * 3_600
    }

    package var assignment: Assignment {
        let locked = locked_for_user ?? false
        return Assignment(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Assignment \(id.text)",
            dueAt: due_at.flatMap(CanvasDate.parse),
            pointsPossible: points_possible?.value,
            gradingType: grading_type.flatMap(Assignment.GradingType.init(rawValue:)),
            submissionTypes: submission_types ?? [],
            allowedExtensions: (allowed_extensions ?? []).map { $0.lowercased().trimmingPrefix(".").description },
            isLocked: locked,
            lockExplanation: locked ? CanvasLockExplanation.text(lock_explanation) : nil,
            unlockAt: unlock_at.flatMap(CanvasDate.parse),
            lockAt: lock_at.flatMap(CanvasDate.parse),
            submission: submission.map(\.domain),
            htmlURL: html_url.flatMap(CanvasWebURL.parse),
            rubric: rubric.flatMap { $0.isEmpty ? nil : CanvasRubric(criteria: $0, settings: rubric_settings).rubric }
        )
    }
}

extension CanvasAssignment.Submission {
    var domain: Assignment.Submission {
        Assignment.Submission(
            state: workflow_state.flatMap(Assignment.Submission.State.init(rawValue:)) ?? .unsubmitted,
            submittedAt: submitted_at.flatMap(CanvasDate.parse),
            attempt: attempt?.value,
            isLate: late ?? false,
            isMissing: missing ?? false,
            isExcused: excused ?? false,
            score: score?.value,
            grade: grade.flatMap(\.nonBlank),
            postedAt: posted_at.flatMap(CanvasDate.parse),
            isExtended: late_policy_status == "extended",
            isRedoRequested: redo_request ?? false
        )
    }
}
