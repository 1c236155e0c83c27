extension Course {
    /// The user's current grade in a course: what Canvas computes from the work graded so far.
    public struct Grade: Equatable, Sendable, Codable {
        /// The grade in the course's grading scheme (`B+`), when it has one.
        public var letter: String?
        /// The score as a percentage (`87.5`).
        public var score: Double?
        /// The grading period it is for (`Fall Q2`), in a course with grading periods.
        public var period: String?

        /// A grade with something in it, or nil.
        public init?(letter: String?, score: Double?, period: String? = nil) {
            let letter = letter.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
            let score = score.flatMap { $0.isFinite ? $0 : nil }
            guard letter != nil || score != nil else { return nil }
            self.letter = letter
            self.score = score
            self.period = period
        }
    }

    /// The grade to show: none when the course hides its totals from students.
    public var shownGrade: Grade? {
        hidesFinalGrades ? nil : grade
    }
}
