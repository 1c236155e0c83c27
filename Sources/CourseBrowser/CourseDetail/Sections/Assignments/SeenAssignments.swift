import CourseKit
import FoundationEssentials

/// What changed in the open course's assignments since the student last looked, kept for the
/// whole visit: recording the course as seen clears the marks for the next visit, not this one.
struct SeenAssignments {
    /// What was seen of the course before this visit, then what this visit recorded; nil: never recorded.
    private(set) var record: SeenCourse?
    /// The ID `record` was read under; nil until one was read.
    private(set) var recordID: CourseID?
    /// The marks of this visit, by assignment ID: what each fresh answer changed, joined.
    private(set) var changes: [String: AssignmentChange] = [:]
    /// The last fresh answer, until it is compared.
    private var waiting: [Assignment]?

    /// Takes `record` as what was seen before, as kept under `id`; the marks made stay.
    mutating func read(_ record: SeenCourse?, of id: CourseID) {
        self.record = record
        recordID = id
    }

    /// Keeps `assignments`, a fresh answer of the backend's, to compare once the right record is in hand.
    mutating func hold(_ assignments: [Assignment]) {
        waiting = assignments
    }

    /// Compares the answer waiting, if any, as `receive` does.
    mutating func receiveWaiting(now: Date) -> SeenCourse? {
        guard let waiting else { return nil }
        self.waiting = nil
        return receive(waiting, now: now)
    }

    /// Marks what changed in `assignments`, a fresh answer of the backend's, since the record
    /// (the one before the visit, or the last answer's), keeping the marks made before it; gives
    /// the record of what the student sees now.
    ///
    /// A background refresh records the course again as the student looks at it, so what it
    /// brings is marked now or never.
    mutating func receive(_ assignments: [Assignment], now: Date) -> SeenCourse {
        changes = CourseChanges.merging(changes, CourseChanges.changes(since: record, in: assignments))
        let seen = SeenCourse(assignments: assignments, recordedAt: now, after: record)
        record = seen
        return seen
    }
}
