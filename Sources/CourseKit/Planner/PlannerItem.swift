import FoundationEssentials

/// One thing on the student's planner, across courses: an assignment, a quiz, a discussion,
/// an announcement, an event, a page to read or a note of their own, with the date it falls on.
///
/// Canvas's `GET /api/v1/planner/items` gives one of these per row; the catalogs make them
/// from their assignments.
public struct PlannerItem: Equatable, Sendable, Codable, Identifiable {
    /// What kind of thing the row is, by Canvas's `plannable_type`.
    public enum Kind: Equatable, Sendable, Codable {
        case assignment
        case quiz
        case discussionTopic
        case announcement
        case calendarEvent
        case plannerNote
        case wikiPage
        case assessmentRequest
        /// A type this version does not know, by the name Canvas gave it: shown by its title
        /// and that name, never dropped.
        case other(String)
    }

    /// Where the student's own submission stands, from the row's `submissions`.
    public struct Status: Equatable, Sendable, Codable {
        public var isSubmitted: Bool
        /// Canvas's `graded`: true for excused work too, and for a grade the teacher has not
        /// released yet; `gradePostedAt` tells whether the student can see it.
        public var isGraded: Bool
        public var isLate: Bool
        public var isMissing: Bool
        public var isExcused: Bool
        public var needsGrading: Bool
        public var hasFeedback: Bool
        /// When the grade was released to the student (`posted_at`); nil while it is not, or
        /// in a copy saved before this was kept.
        public var gradePostedAt: Date?
        /// The teacher gave the student more time (Canvas's `extended`): not missing while it runs.
        public var isExtended: Bool
        /// The teacher asked for the work again (Canvas's `redo_request`): not done, whatever was handed in.
        public var isRedoRequested: Bool
        /// Graded, but the teacher has not released the grade (Canvas's `graded` with no `posted_at`).
        public var isGradeHidden: Bool
        /// The teacher's last comment, where the backend gives it (Canvas's `feedback.comment`).
        public var lastComment: String?

        public init(
            isSubmitted: Bool = false, isGraded: Bool = false, isLate: Bool = false, isMissing: Bool = false,
            isExcused: Bool = false, needsGrading: Bool = false, hasFeedback: Bool = false, gradePostedAt: Date? = nil,
            isExtended: Bool = false, isRedoRequested: Bool = false, isGradeHidden: Bool = false, lastComment: String? = nil
        ) {
            self.isSubmitted = isSubmitted
            self.isGraded = isGraded
            self.isLate = isLate
            self.isMissing = isMissing
            self.isExcused = isExcused
            self.needsGrading = needsGrading
            self.hasFeedback = hasFeedback
            self.gradePostedAt = gradePostedAt
            self.isExtended = isExtended
            self.isRedoRequested = isRedoRequested
            self.isGradeHidden = isGradeHidden
            self.lastComment = lastComment
        }

        /// When a grade the student can see was released: nil while it is not posted, and for
        /// work excused rather than graded.
        public var releasedGradeAt: Date? {
            isGraded && !isExcused ? gradePostedAt : nil
        }
    }

    /// The backend's record of the student's marks on an item: done, or dismissed from the list.
    public struct Override: Equatable, Sendable, Codable {
        public var id: String
        public var isDismissed: Bool

        public init(id: String, isDismissed: Bool = false) {
            self.id = id
            self.isDismissed = isDismissed
        }
    }

    /// Unique across kinds: the kind's name and the plannable's ID (`assignment:12`).
    public var id: String

    /// The ID of what the item is (the discussion, the quiz…) within its kind: `id` after the kind's name.
    public var plannableID: String? {
        guard let colon = id.firstIndex(of: ":") else { return nil }
        return String(id[id.index(after: colon)...]).nonBlank
    }
    public var kind: Kind
    public var title: String
    /// The course it belongs to; nil for a note of the student's own.
    public var courseID: CourseID?
    /// The course's code, when the backend knows it, for a short row.
    public var courseCode: String?
    /// The course's nickname for this student, else its name (Canvas's `context_name`).
    public var contextName: String?
    /// When it is due, happens or was posted (Canvas's `plannable_date`).
    public var date: Date
    /// Whether `date` is a whole day rather than a moment (an all-day event, a plain date).
    public var isAllDay: Bool
    public var pointsPossible: Double?
    /// The assignment to hand files in to, for assignments and graded quizzes and discussions.
    public var assignmentID: String?
    /// Nil where Canvas says `submissions: false` (nothing to submit).
    public var status: Status?
    /// The student ticked it done in the planner (`planner_override.marked_complete`).
    public var isMarkedComplete: Bool
    /// The backend's mark of the item, where it has one (Canvas's `planner_override`).
    public var override: Override?
    /// Canvas has something new on it for the student (`new_activity`).
    public var hasNewActivity: Bool
    public var htmlURL: URL?

    public init(
        id: String, kind: Kind, title: String, courseID: CourseID? = nil, courseCode: String? = nil, contextName: String? = nil,
        date: Date, isAllDay: Bool = false, pointsPossible: Double? = nil, assignmentID: String? = nil, status: Status? = nil,
        isMarkedComplete: Bool = false, hasNewActivity: Bool = false, htmlURL: URL? = nil, override: Override? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.courseID = courseID
        self.courseCode = courseCode
        self.contextName = contextName
        self.date = date
        self.isAllDay = isAllDay
        self.pointsPossible = pointsPossible
        self.assignmentID = assignmentID
        self.status = status
        self.isMarkedComplete = isMarkedComplete
        self.hasNewActivity = hasNewActivity
        self.htmlURL = htmlURL
        self.override = override
    }
}
