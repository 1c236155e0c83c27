import FoundationEssentials

/// What is new about one assignment since the student last looked.
public struct AssignmentChange: Equatable, Sendable {
    /// A due date that is not the one seen: from `from` to `to`; nil where there was none or is none.
    public struct DueDateMove: Equatable, Sendable {
        public var from: Date?
        public var to: Date?

        public init(from: Date?, to: Date?) {
            self.from = from
            self.to = to
        }
    }

    /// Not there when the student last looked.
    public var isNew: Bool
    public var dueDateMove: DueDateMove?
    /// Graded (or graded again) since.
    public var hasNewGrade: Bool

    public init(isNew: Bool = false, dueDateMove: DueDateMove? = nil, hasNewGrade: Bool = false) {
        self.isNew = isNew
        self.dueDateMove = dueDateMove
        self.hasNewGrade = hasNewGrade
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        !isNew && dueDateMove == nil && !hasNewGrade
    }
}
