import CourseKit
import FoundationEssentials

/// What changed in the open course's assignments since the student last looked, kept for the
/// whole visit: recording the course as seen clears the marks for the next visit, not this one.
struct SeenAssignments {
    /// What was seen of the course before this visit, then what this visit recorded; nil: never recorded.
    private(set) var record: SeenCourse?
    /// The marks of this visit, by assignment ID, from its first fresh answer.
    private(set) var changes: [String: AssignmentChange] = [:]
    private var hasCompared = false

    init(record: SeenCourse? = nil) {
        self.record = record
    }

    /// Marks what changed in `assignments`, the backend's answer, the first time one arrives in
    /// this visit, and gives the record of what the student sees now.
    mutating func receive(_ assignments: [Assignment], now: Date) -> SeenCourse {
        if !hasCompared {
            changes = CourseChanges.changes(since: record, in: assignments)
            hasCompared = true
        }
        let seen = SeenCourse(assignments: assignments, recordedAt: now, after: record)
        record = seen
        return seen
    }
}
