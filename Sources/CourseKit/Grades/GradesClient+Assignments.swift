extension GradesClient {
    /// Grades for a backend that knows a course's assignments but not their groups (the
    /// offline catalogs): every assignment in one group, counted by points, lettered by
    /// Canvas's default scheme where the course's grade has a letter.
    public static func oneGroup(of courses: CourseClient) -> GradesClient {
        GradesClient(grades: { id, progress in
            async let course = courses.course(id, progress)
            let assignments = try await courses.assignments(id, progress)
            let shown = try await course
            return CourseGrades(
                groups: [AssignmentGroup(id: "assignments", name: "Assignments", work: assignments.map(GradedWork.init))],
                scheme: shown.grade?.letter == nil ? nil : .canvasDefault,
                hidesTotals: shown.hidesFinalGrades
            )
        })
    }
}
