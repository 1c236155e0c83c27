import FoundationEssentials

/// A Canvas assignment as a student sees it: when it is due, what it is worth, what it
/// accepts, and where their own submission stands.
public struct Assignment: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    public var name: String
    public var dueAt: Date?
    public var pointsPossible: Double?
    /// How a grade is given, in Canvas's words; nil when the backend didn't say, which Canvas means as points.
    public var gradingType: GradingType?
    /// How it may be handed in, in Canvas's words: `online_upload`, `online_text_entry`, `on_paper`, …
    public var submissionTypes: [String]
    /// The file extensions an upload may have, lower case without the dot; empty: any.
    public var allowedExtensions: [String]
    public var isLocked: Bool
    /// Why it is locked, in Canvas's words, as plain text (Canvas sends HTML; the backend converts it).
    public var lockExplanation: String?
    /// When it opens for hand-ins; before then Canvas keeps it locked.
    public var unlockAt: Date?
    /// When it closes: from then on Canvas refuses hand-ins, late ones too.
    public var lockAt: Date?
    /// The user's own submission; nil where Canvas keeps none for them (teachers).
    public var submission: Submission?
    /// Its page on the web, for the browser.
    public var htmlURL: URL?
    /// The most files one hand-in may have, where the backend limits it (Moodle's maximum number of uploaded files).
    public var maxFileCount: Int?
    /// The most bytes one file may have, where the backend limits it (Moodle's maximum submission size).
    public var maxFileBytes: Int64?
    /// What the student declares by handing in, where the backend asks them to accept it first
    /// (Moodle's submission statement), as plain text; nil where nothing is asked.
    public var submissionStatement: String?
    /// How it is marked, where it has a rubric.
    public var rubric: Rubric?

    public init(
        id: String, name: String, dueAt: Date? = nil, pointsPossible: Double? = nil, gradingType: GradingType? = nil,
        submissionTypes: [String] = [], allowedExtensions: [String] = [], isLocked: Bool = false, lockExplanation: String? = nil,
        unlockAt: Date? = nil, lockAt: Date? = nil, submission: Submission? = nil, htmlURL: URL? = nil,
        maxFileCount: Int? = nil, maxFileBytes: Int64? = nil, submissionStatement: String? = nil, rubric: Rubric? = nil
    ) {
        self.id = id
        self.name = name
        self.dueAt = dueAt
        self.pointsPossible = pointsPossible
        self.gradingType = gradingType
        self.submissionTypes = submissionTypes
        self.allowedExtensions = allowedExtensions
        self.isLocked = isLocked
        self.lockExplanation = lockExplanation
        self.unlockAt = unlockAt
        self.lockAt = lockAt
        self.submission = submission
        self.htmlURL = htmlURL
        self.maxFileCount = maxFileCount
        self.maxFileBytes = maxFileBytes
        self.submissionStatement = submissionStatement
        self.rubric = rubric
    }

    /// Whether files can be handed in for it.
    public var acceptsUploads: Bool {
        submissionTypes.contains("online_upload")
    }
}

extension Assignment {
    /// Where the user's submission stands.
    public struct Submission: Equatable, Sendable, Codable {
        /// Canvas's `workflow_state` of a submission.
        public enum State: String, Equatable, Sendable, Codable {
            case unsubmitted
            case submitted
            case pendingReview = "pending_review"
            case graded
        }

        public var state: State
        public var submittedAt: Date?
        /// The attempt number of the latest submission; nil before the first.
        public var attempt: Int?
        public var isLate: Bool
        public var isMissing: Bool
        public var isExcused: Bool
        /// Points given; Canvas leaves it out while the grade is not released to the student.
        public var score: Double?
        /// The grade as the assignment's grading type writes it (`17`, `85%`, `B+`, `complete`);
        /// left out, as `score` is, while the grade is not released.
        public var grade: String?
        /// When the grade was released to the student; nil while it is not (or the backend didn't say).
        public var postedAt: Date?
        /// The attempt a hand-in now goes into, where the backend says: on Moodle the current one,
        /// whose files a hand-in replaces until the teacher opens a new attempt. Nil: the one after `attempt`.
        public var attemptOfNextHandIn: Int?
        /// What the teacher wrote back, as HTML, once it is released to the student.
        public var feedbackHTML: String?
        /// The comments on it the student may read, oldest first; nil where the backend didn't say.
        public var comments: [SubmissionComment]?
        /// How the teacher marked each criterion of the rubric, by criterion ID, once released.
        public var rubricMarks: [String: RubricMark]?
        /// The teacher gave this student more time (Canvas's `late_policy_status: "extended"`).
        public var isExtended: Bool
        /// The teacher asked for the work again (Canvas's `redo_request`).
        public var isRedoRequested: Bool

        public init(
            state: State, submittedAt: Date? = nil, attempt: Int? = nil, isLate: Bool = false, isMissing: Bool = false,
            isExcused: Bool = false, score: Double? = nil, grade: String? = nil, postedAt: Date? = nil,
            attemptOfNextHandIn: Int? = nil, feedbackHTML: String? = nil,
            comments: [SubmissionComment]? = nil, rubricMarks: [String: RubricMark]? = nil,
            isExtended: Bool = false, isRedoRequested: Bool = false
        ) {
            self.state = state
            self.submittedAt = submittedAt
            self.attempt = attempt
            self.isLate = isLate
            self.isMissing = isMissing
            self.isExcused = isExcused
            self.score = score
            self.grade = grade
            self.postedAt = postedAt
            self.attemptOfNextHandIn = attemptOfNextHandIn
            self.feedbackHTML = feedbackHTML
            self.comments = comments
            self.rubricMarks = rubricMarks
            self.isExtended = isExtended
            self.isRedoRequested = isRedoRequested
        }
    }
}
