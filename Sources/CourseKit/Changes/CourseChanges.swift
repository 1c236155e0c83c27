import FoundationEssentials

/// What changed in a course since the record of what the student saw: pure comparisons, for
/// the Course pane's rows and the course list's count.
///
/// A course with no record has nothing new: there is nothing to compare with, and calling its
/// every assignment new would say nothing.
public enum CourseChanges {
    /// The changes of each assignment that has one, by assignment ID.
    public static func changes(since seen: SeenCourse?, in assignments: [Assignment]) -> [String: AssignmentChange] {
        guard let seen else { return [:] }
        var changes: [String: AssignmentChange] = [:]
        for assignment in assignments {
            let change = change(of: assignment.id, dueAt: assignment.dueAt, grade: assignment.visibleGrade, since: seen)
            if !change.isEmpty { changes[assignment.id] = change }
        }
        return changes
    }

    /// How many of the planner's `items` of one course are new or changed: assignments as
    /// `changes` finds them, and announcements not seen and posted after the record was made.
    public static func count(since seen: SeenCourse?, in items: [PlannerItem]) -> Int {
        guard let seen else { return 0 }
        var changed: Set<String> = []
        for item in items {
            if item.kind == .announcement {
                if !seen.announcements.contains(item.id), item.date > seen.recordedAt { changed.insert(item.id) }
            } else if let assignment = item.assignmentID {
                let graded = item.status?.isGraded == true ? "graded" : nil
                if !change(of: assignment, dueAt: item.date, grade: graded, since: seen, gradeKnown: false).isEmpty {
                    changed.insert("assignment:" + assignment)
                }
            }
        }
        return changed.count
    }

    /// Due dates closer than this are the same date: both sources write whole minutes.
    static let sameDate: TimeInterval = 1

    /// The change of one assignment; `gradeKnown` false where only whether it is graded is known,
    /// so that a grade given again can't be told.
    private static func change(of id: String, dueAt: Date?, grade: String?, since seen: SeenCourse, gradeKnown: Bool = true) -> AssignmentChange {
        guard let entry = seen.assignments[id] else {
            return AssignmentChange(isNew: seen.covers(dueAt))
        }
        var change = AssignmentChange()
        if !isSameDate(entry.dueAt, dueAt) {
            change.dueDateMove = AssignmentChange.DueDateMove(from: entry.dueAt, to: dueAt)
        }
        if let grade {
            let regraded = gradeKnown && entry.grade != nil && entry.grade != grade
            change.hasNewGrade = !entry.isGraded || regraded
        }
        return change
    }

    private static func isSameDate(_ lhs: Date?, _ rhs: Date?) -> Bool {
        switch (lhs, rhs) {
        case let (lhs?, rhs?): return abs(lhs.timeIntervalSince(rhs)) < sameDate
        case (nil, nil): return true
        default: return false
        }
    }
}
