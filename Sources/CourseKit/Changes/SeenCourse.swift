import FoundationEssentials

/// What the student last saw of one course: each assignment's due date and grade, the
/// announcements they were shown, and when.
///
/// Kept apart from the saved copies, which every refresh overwrites: this changes only when the
/// student looks (opens the course), or once as a baseline for a course never recorded.
public struct SeenCourse: Equatable, Sendable, Codable {
    /// One assignment as it was seen.
    public struct Entry: Equatable, Sendable, Codable {
        public var dueAt: Date?
        /// Whether it was graded, released to the student or not, as Canvas's planner says `graded`;
        /// excused work is not.
        public var isGraded: Bool
        /// The grade as it was shown; nil where none was, or the record came from the planner, which gives none.
        public var grade: String?
        /// The teacher's feedback as it was seen, as `Assignment.feedbackToken` writes it; nil where
        /// it was not recorded (a record from the planner, or from before feedback was kept).
        public var feedback: String?

        public init(dueAt: Date?, isGraded: Bool, grade: String? = nil, feedback: String? = nil) {
            self.dueAt = dueAt
            self.isGraded = isGraded
            self.grade = grade
            self.feedback = feedback
        }
    }

    public var recordedAt: Date
    /// By assignment ID.
    public var assignments: [String: Entry]
    /// The planner IDs of the announcements seen (`announcement:12`).
    public var announcements: Set<String>
    /// The dates the record speaks for: nil, the whole course (its full assignment list); else
    /// the planner's window it was made from, outside which an assignment may have been there unseen.
    public var window: DateInterval?

    public init(recordedAt: Date, assignments: [String: Entry] = [:], announcements: Set<String> = [], window: DateInterval? = nil) {
        self.recordedAt = recordedAt
        self.assignments = assignments
        self.announcements = announcements
        self.window = window
    }

    /// Whether an assignment due at `date` would be in the record had it been there when it was made.
    public func covers(_ date: Date?) -> Bool {
        guard let window else { return true }
        guard let date else { return false }
        return window.contains(date)
    }
}
