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
    /// A comment or a rubric mark from the teacher since.
    public var hasNewFeedback: Bool

    public init(isNew: Bool = false, dueDateMove: DueDateMove? = nil, hasNewGrade: Bool = false, hasNewFeedback: Bool = false) {
        self.isNew = isNew
        self.dueDateMove = dueDateMove
        self.hasNewGrade = hasNewGrade
        self.hasNewFeedback = hasNewFeedback
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        !isNew && dueDateMove == nil && !hasNewGrade && !hasNewFeedback
    }

    /// This change, then `later`, found against a record made after this one: new stays new, a
    /// new grade stays, and two moves make one from the first date to the last, or none when
    /// the date is back where it was.
    public func followed(by later: AssignmentChange) -> AssignmentChange {
        var change = AssignmentChange(
            isNew: isNew || later.isNew, hasNewGrade: hasNewGrade || later.hasNewGrade, hasNewFeedback: hasNewFeedback || later.hasNewFeedback
        )
        switch (dueDateMove, later.dueDateMove) {
        case let (first?, last?):
            change.dueDateMove = CourseChanges.isSameDate(first.from, last.to) ? nil : DueDateMove(from: first.from, to: last.to)
        case let (move, nil), let (nil, move):
            change.dueDateMove = move
        }
        return change
    }
}
