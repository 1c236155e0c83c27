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
            let now = Seeing(
                dueAt: assignment.dueAt, isGraded: assignment.isGraded, grade: assignment.visibleGrade, showsGrade: true,
                isHandedIn: assignment.submission?.isHandedIn ?? false, feedback: assignment.feedbackToken, hasFeedback: false
            )
            let change = change(of: assignment.id, now: now, since: seen)
            if !change.isEmpty { changes[assignment.id] = change }
        }
        return changes
    }

    /// A visit's marks after another answer: each of `earlier` followed by what `later` found
    /// for the same assignment; one left with nothing changed drops out.
    public static func merging(_ earlier: [String: AssignmentChange], _ later: [String: AssignmentChange]) -> [String: AssignmentChange] {
        earlier.merging(later) { $0.followed(by: $1) }.filter { !$0.value.isEmpty }
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
                let now = Seeing(
                    dueAt: item.date, isGraded: item.status?.countsAsGraded == true, grade: nil, showsGrade: false,
                    isHandedIn: item.status?.isSubmitted == true, feedback: nil, hasFeedback: item.status?.hasFeedback == true
                )
                if !change(of: assignment, now: now, since: seen).isEmpty {
                    changed.insert("assignment:" + assignment)
                }
            }
        }
        return changed.count
    }

    /// Due dates closer than this are the same date: both sources write whole minutes.
    static let sameDate: TimeInterval = 1

    /// One assignment as it is now: from the whole assignment, which shows the grade, or from the planner, which only says graded.
    private struct Seeing {
        var dueAt: Date?
        var isGraded: Bool
        var grade: String?
        var showsGrade: Bool
        /// Work the student handed in is no news to them, though a record lacks it: Moodle's
        /// calendar, which a record may be made from, leaves handed-in work out.
        var isHandedIn: Bool
        /// The feedback as the whole assignment shows it (`Assignment.feedbackToken`); nil from the planner.
        var feedback: String?
        /// The planner's word that the teacher commented, where only that is known.
        var hasFeedback: Bool
    }

    private static func change(of id: String, now: Seeing, since seen: SeenCourse) -> AssignmentChange {
        guard let entry = seen.assignments[id] else {
            return AssignmentChange(isNew: !now.isHandedIn && seen.covers(now.dueAt))
        }
        var change = AssignmentChange()
        if !isSameDate(entry.dueAt, now.dueAt) {
            change.dueDateMove = AssignmentChange.DueDateMove(from: entry.dueAt, to: now.dueAt)
        }
        if now.showsGrade, seen.window == nil {
            // Both know the grade as shown: one released or changed since is new.
            change.hasNewGrade = now.grade != nil && now.grade != entry.grade
        } else {
            // Only whether it is graded is known on one side; a grade not released counts as graded on both.
            change.hasNewGrade = now.isGraded && !entry.isGraded && (now.grade != nil || !now.showsGrade)
        }
        change.hasNewFeedback = hasNewFeedback(now, since: entry)
        return change
    }

    /// Feedback not seen: a comment or mark the record lacks where both know the feedback; where
    /// only the planner's word is known, feedback where the record saw none.
    private static func hasNewFeedback(_ now: Seeing, since entry: SeenCourse.Entry) -> Bool {
        guard let seen = entry.feedback else { return false }
        if let feedback = now.feedback {
            return !feedback.isEmpty && feedback != seen
        }
        return now.hasFeedback && seen.isEmpty
    }

    static func isSameDate(_ lhs: Date?, _ rhs: Date?) -> Bool {
        switch (lhs, rhs) {
        case let (lhs?, rhs?): return abs(lhs.timeIntervalSince(rhs)) < sameDate
        case (nil, nil): return true
        default: return false
        }
    }
}
