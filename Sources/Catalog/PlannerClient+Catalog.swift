import CourseKit
import FoundationEssentials

extension PlannerClient {
    /// The most current courses a catalog's planner reads: more than anyone studies at once.
    /// A catalog of a hundred thousand test courses must not have every one read at each start.
    public static let catalogCourseLimit = 200

    /// The planner of a catalog served by `courses`: the assignments with a due date in the
    /// range of its first `catalogCourseLimit` current courses, as assignment items.
    ///
    /// A catalog is local, so reading each course's assignments costs nothing a network would.
    public static func catalog(_ courses: CourseClient) -> PlannerClient {
        PlannerClient { start, end, progress in
            var items: [PlannerItem] = []
            for course in try await currentCourses(of: courses, progress) where !course.isRestricted {
                let assignments = try await courses.assignments(course.id, progress)
                items += assignments.compactMap { PlannerItem(assignment: $0, of: course) }
                    .filter { $0.date >= start && $0.date < end }
            }
            return items.sorted { $0.date < $1.date }
        }
    }

    /// The catalog's current courses, up to `catalogCourseLimit`, reading no page past them.
    private static func currentCourses(of courses: CourseClient, _ progress: LoadProgress) async throws -> [Course] {
        var listed: [Course] = []
        var cursor: PageCursor?
        repeat {
            let page = try await courses.coursesPage(.current, cursor, progress)
            listed += page.items.prefix(catalogCourseLimit - listed.count)
            cursor = page.next
        } while cursor != nil && listed.count < catalogCourseLimit
        return listed
    }
}

extension PlannerItem {
    /// `assignment` of `course` as a planner row; nil when it has no due date to place it on.
    init?(assignment: Assignment, of course: Course) {
        guard let due = assignment.dueAt else { return nil }
        self.init(
            id: "assignment:\(assignment.id)",
            kind: .assignment,
            title: assignment.name,
            courseID: course.id,
            courseCode: course.code.nonBlank,
            contextName: course.name,
            date: due,
            pointsPossible: assignment.pointsPossible,
            assignmentID: assignment.id,
            status: assignment.submission.map(Status.init(submission:)) ?? Status(),
            htmlURL: assignment.htmlURL
        )
    }
}

extension PlannerItem.Status {
    /// What Canvas's planner would say of `submission`.
    init(submission: Assignment.Submission) {
        self.init(
            isSubmitted: submission.submittedAt != nil || submission.state == .submitted || submission.state == .pendingReview,
            isGraded: submission.state == .graded,
            isLate: submission.isLate,
            isMissing: submission.isMissing,
            isExcused: submission.isExcused,
            needsGrading: submission.state == .submitted || submission.state == .pendingReview,
            gradePostedAt: submission.postedAt,
            isGradeHidden: submission.isGradeHidden
        )
    }
}
