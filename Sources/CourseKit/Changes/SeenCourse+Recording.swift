import FoundationEssentials

extension SeenCourse {
    /// The course as its full assignment list shows it at `now`; the announcements seen before
    /// stay seen, and every one posted until `now` counts as seen from its date.
    public init(assignments: [Assignment], recordedAt now: Date, after previous: SeenCourse?) {
        var entries: [String: Entry] = [:]
        for assignment in assignments {
            entries[assignment.id] = Entry(
                dueAt: assignment.dueAt, isGraded: assignment.isGraded, grade: assignment.visibleGrade, feedback: assignment.feedbackToken
            )
        }
        self.init(recordedAt: now, assignments: entries, announcements: previous?.announcements ?? [])
    }

    /// The course as the planner's `items` for it show it, over the planner's `window`.
    public init(plannerItems items: [PlannerItem], window: DateInterval, recordedAt now: Date) {
        var entries: [String: Entry] = [:]
        var announcements: Set<String> = []
        for item in items {
            if item.kind == .announcement {
                announcements.insert(item.id)
            } else if let assignment = item.assignmentID {
                entries[assignment] = Entry(dueAt: item.date, isGraded: item.status?.countsAsGraded ?? false)
            }
        }
        self.init(recordedAt: now, assignments: entries, announcements: announcements, window: window)
    }
}

extension Assignment {
    /// Graded, whether or not the grade is released: what the planner's `graded` says, but not when excused.
    var isGraded: Bool {
        guard let submission else { return false }
        return submission.state == .graded && !submission.isExcused
    }

    /// The comments and rubric marks the student can read, as a token that changes when one is
    /// added or changed: `"" ` for none; nil where the backend didn't say (no comments read).
    var feedbackToken: String? {
        guard let submission, let comments = submission.comments else { return nil }
        let commentIDs = comments.map(\.id).sorted().joined(separator: ",")
        let marks = (submission.rubricMarks ?? [:]).sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.points.map { "\($0)" } ?? "")/\($0.value.ratingID ?? "")/\($0.value.comments ?? "")" }
            .joined(separator: ",")
        return commentIDs.isEmpty && marks.isEmpty ? "" : "comments:\(commentIDs);rubric:\(marks)"
    }

    /// The grade the student can see, as a short token that changes when the grade does; nil
    /// before grading, while the grade is not released, and when excused.
    var visibleGrade: String? {
        guard let submission, submission.state == .graded, !submission.isExcused, !submission.isGradeHidden else { return nil }
        return submission.grade ?? submission.score.map { "\($0)" } ?? "graded"
    }
}
