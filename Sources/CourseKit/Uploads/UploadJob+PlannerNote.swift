import FoundationEssentials

extension UploadJob {
    /// A to-do of the student's own added to, changed in or removed from their planner, and what
    /// sending it has recorded so far.
    ///
    /// A note has no natural key: the backend makes a new one for every create it is sent. So
    /// a create is sent under the protocol of `UploadEngine+PlannerNote.swift`: the notes of the
    /// same day and title the backend had before (`existingIDs`) and the moment it went out
    /// (`sentAt`) are on disk before the request is, and a create whose answer was lost is
    /// recognised among the day's notes rather than sent again.
    public struct PlannerNote: Equatable, Sendable, Codable {
        public enum Action: String, Equatable, Sendable, Codable {
            case add, edit, delete
        }

        public var action: Action
        /// The backend's note: the one changed or removed, or for an add, the one made once known.
        public var noteID: String?
        public var title: String
        /// When it is to be done.
        public var date: Date
        public var details: String?
        /// The course it is about; nil for a to-do of one's own alone.
        public var courseID: CourseID?
        /// For an add: the IDs of the notes of that day and title the backend had before sending; nil until read.
        public var existingIDs: [String]?
        /// For an add: when the create went out, set just before it does; nil when none may be on its way.
        public var sentAt: Date?

        public init(
            action: Action, noteID: String? = nil, title: String, date: Date, details: String? = nil, courseID: CourseID? = nil,
            existingIDs: [String]? = nil, sentAt: Date? = nil
        ) {
            self.action = action
            self.noteID = noteID
            self.title = title
            self.date = date
            self.details = details
            self.courseID = courseID
            self.existingIDs = existingIDs
            self.sentAt = sentAt
        }
    }

    /// Whether the job changes a to-do of the student's own rather than sending or fetching files.
    public var isPlannerNote: Bool {
        plannerNote != nil
    }
}

/// A to-do of the student's own as the backend keeps it, for recognising one a lost answer made.
public struct PlannerNoteRecord: Equatable, Sendable {
    public var id: String
    public var title: String
    public var date: Date
    public var details: String?

    public init(id: String, title: String, date: Date, details: String? = nil) {
        self.id = id
        self.title = title
        self.date = date
        self.details = details
    }
}
