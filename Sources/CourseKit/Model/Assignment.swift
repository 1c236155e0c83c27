import FoundationEssentials

/// A Canvas assignment as a student sees it: when it is due, what it is worth, what it
/// accepts, and where their own submission stands.
public struct Assignment: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    public var name: String
    public var dueAt: Date?
    public var pointsPossible: Double?
    /// How it may be handed in, in Canvas's words: `online_upload`, `online_text_entry`, `on_paper`, …
    public var submissionTypes: [String]
    /// The file extensions an upload may have, lower case without the dot; empty: any.
    public var allowedExtensions: [String]
    public var isLocked: Bool
    /// Why it is locked, in Canvas's words.
    public var lockExplanation: String?
    /// The user's own submission; nil where Canvas keeps none for them (teachers).
    public var submission: Submission?
    /// Its page on the web, for the browser.
    public var htmlURL: URL?

    public init(
        id: String, name: String, dueAt: Date? = nil, pointsPossible: Double? = nil, submissionTypes: [String] = [],
        allowedExtensions: [String] = [], isLocked: Bool = false, lockExplanation: String? = nil, submission: Submission? = nil,
        htmlURL: URL? = nil
    ) {
        self.id = id
        self.name = name
        self.dueAt = dueAt
        self.pointsPossible = pointsPossible
        self.submissionTypes = submissionTypes
        self.allowedExtensions = allowedExtensions
        self.isLocked = isLocked
        self.lockExplanation = lockExplanation
        self.submission = submission
        self.htmlURL = htmlURL
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
        public var score: Double?
        public var grade: String?

        public init(
            state: State, submittedAt: Date? = nil, attempt: Int? = nil, isLate: Bool = false, isMissing: Bool = false,
            isExcused: Bool = false, score: Double? = nil, grade: String? = nil
        ) {
            self.state = state
            self.submittedAt = submittedAt
            self.attempt = attempt
            self.isLate = isLate
            self.isMissing = isMissing
            self.isExcused = isExcused
            self.score = score
            self.grade = grade
        }
    }
}
