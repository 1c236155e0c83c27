extension GradedWork {
    /// An assignment as the grades count it, from the student's `submission`: its released
    /// score, none where excused or not graded yet.
    public init(
        id: String, name: String, pointsPossible: Double?, submission: Assignment.Submission?, counts: Bool,
        statistics: ScoreStatistics? = nil
    ) {
        self.init(
            id: id,
            name: name,
            pointsPossible: pointsPossible,
            score: submission?.isExcused == true ? nil : submission?.score,
            grade: submission?.grade,
            isExcused: submission?.isExcused ?? false,
            isPendingReview: submission?.state == .pendingReview,
            isGradeHidden: submission?.isGradeHidden ?? false,
            counts: counts,
            statistics: statistics
        )
    }

    /// An assignment of a backend that knows no groups: it counts unless it is not graded.
    public init(_ assignment: Assignment) {
        self.init(
            id: assignment.id, name: assignment.name, pointsPossible: assignment.pointsPossible,
            submission: assignment.submission, counts: assignment.gradingType != .notGraded
        )
    }
}
