import FoundationEssentials

extension Assignment {
    /// How Canvas grades an assignment: its `grading_type`.
    public enum GradingType: String, Equatable, Sendable, Codable, CaseIterable {
        case points
        /// A percentage of the points (`85%`).
        case percent
        /// A letter from the course's grading scheme (`B+`).
        case letterGrade = "letter_grade"
        /// A grade point from the course's scale (`3.7`).
        case gpaScale = "gpa_scale"
        /// Complete or incomplete.
        case passFail = "pass_fail"
        /// Not graded at all: there is no grade to wait for.
        case notGraded = "not_graded"
    }

    /// The submission types that leave nothing to hand in through Canvas: on paper, in an
    /// external tool, or nothing at all (Canvas's `expects_submission?` is false for them).
    public static let nothingToHandInTypes: Set<String> = ["none", "not_graded", "on_paper", "external_tool", "wiki_page"]

    /// Whether Canvas expects the student to hand something in here, so that not having done
    /// so yet is worth saying: not for work on paper, in an external tool, or not graded.
    ///
    /// Canvas always lists the submission types; a catalog may leave them out (only `id` is
    /// required), and then nothing says the work is done elsewhere.
    public var expectsSubmission: Bool {
        guard gradingType != .notGraded else { return false }
        return submissionTypes.isEmpty || submissionTypes.contains { !Self.nothingToHandInTypes.contains($0) }
    }
}

extension Assignment.Submission {
    /// The student handed work in: it is submitted, awaits review, or was graded after a hand-in
    /// (a grade for work on paper has no hand-in behind it).
    public var isHandedIn: Bool {
        state == .submitted || state == .pendingReview || submittedAt != nil
    }

    /// Graded, but the grade is not released to the student yet: Canvas sends `posted_at: null`
    /// and leaves `score` and `grade` out until the teacher posts it.
    public var isGradeHidden: Bool {
        state == .graded && !isExcused && score == nil && grade == nil && postedAt == nil
    }
}
