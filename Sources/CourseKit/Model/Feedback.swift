import FoundationEssentials

/// A comment on a student's submission: the teacher's feedback, or the student's own reply.
public struct SubmissionComment: Equatable, Sendable, Codable, Identifiable {
    public var id: String
    /// Who wrote it; nil where the backend hides the author (anonymous grading).
    public var author: String?
    /// What they wrote, as plain text.
    public var text: String
    public var createdAt: Date?
    /// Files attached to it, downloadable as course files are.
    public var attachments: [CourseFile]

    public init(id: String, author: String? = nil, text: String, createdAt: Date? = nil, attachments: [CourseFile] = []) {
        self.id = id
        self.author = author
        self.text = text
        self.createdAt = createdAt
        self.attachments = attachments
    }
}

/// How an assignment is marked: its criteria, each with the ratings a teacher picks from.
public struct Rubric: Equatable, Sendable, Codable {
    public struct Rating: Equatable, Sendable, Codable {
        public var id: String?
        public var description: String
        public var points: Double?

        public init(id: String? = nil, description: String, points: Double? = nil) {
            self.id = id
            self.description = description
            self.points = points
        }
    }

    public struct Criterion: Equatable, Sendable, Codable, Identifiable {
        public var id: String
        public var description: String
        public var points: Double?
        public var ratings: [Rating]

        public init(id: String, description: String, points: Double? = nil, ratings: [Rating] = []) {
            self.id = id
            self.description = description
            self.points = points
            self.ratings = ratings
        }
    }

    public var title: String?
    public var criteria: [Criterion]
    /// The teacher chose to show no points on it ("Remove points from rubric").
    public var hidesPoints: Bool

    public init(title: String? = nil, criteria: [Criterion], hidesPoints: Bool = false) {
        self.title = title
        self.criteria = criteria
        self.hidesPoints = hidesPoints
    }
}

/// How the teacher marked one criterion of a rubric on the student's submission.
public struct RubricMark: Equatable, Sendable, Codable {
    public var ratingID: String?
    public var points: Double?
    public var comments: String?

    public init(ratingID: String? = nil, points: Double? = nil, comments: String? = nil) {
        self.ratingID = ratingID
        self.points = points
        self.comments = comments
    }
}
