import CanvasJSON
import CourseKit
import FoundationEssentials

extension CanvasAPI {
    /// What the course's total is made of: its weighting, letters and current grading period
    /// from the course, then its assignment groups with the student's scores (of that period
    /// only, where the course has one now, as its grade is).
    ///
    /// Nil for a user who is not a student of the course (a teacher): Canvas gives them no
    /// submissions, and no grade of their own to make.
    func grades(_ id: CourseID) async throws -> CourseGrades? {
        let course = try await self.course(id, include: ["total_scores", "current_grading_period_scores", "grading_scheme"])
        let period = course.enrollments?.lazy.compactMap(\.current_grading_period_id).first
        var query = [("include[]", "assignments"), ("include[]", "submission"), ("include[]", "score_statistics"), ("per_page", "100")]
        if let period {
            query.append(("grading_period_id", period.text))
        }
        let groupsURL = url("/api/v1/courses/\(Self.pathSegment(id))/assignment_groups", query: query)
        let groups = try await all(CanvasAssignmentGroup.self, from: groupsURL, resource: .assignments(id))
        let members = groups.flatMap { $0.assignments ?? [] }
        guard members.isEmpty || members.contains(where: { $0.submission != nil }) else { return nil }
        let scheme = course.grading_standard_id == nil ? [] : (course.grading_scheme ?? []).map { GradingScheme.Row(name: $0.name, value: $0.value) }
        return CourseGrades(
            groups: groups.map(\.group),
            weightsGroups: course.apply_assignment_group_weights ?? false,
            scheme: GradingScheme(rows: scheme),
            periodTitle: period == nil ? nil : course.enrollments?.lazy.compactMap(\.current_grading_period_title).first,
            hidesTotals: course.hide_final_grades ?? false
        )
    }
}

extension GradesClient {
    /// Canvas LMS over HTTPS as `connection` reaches it.
    public static func canvas(_ connection: CanvasConnection) -> GradesClient {
        let api = connection.api
        return GradesClient(grades: { id, progress in try await api.reporting(to: progress).grades(id) })
    }
}
