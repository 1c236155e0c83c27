import CourseKit

extension GradesClient {
    /// A Moodle site's grade report, as `connection` reaches it: one
    /// `gradereport_user_get_grade_items`, and the report's table beside it only where the course
    /// has grade categories, whose names only the table carries.
    ///
    /// A course that shows students no grades (`showgrades` off), or a site that does not offer
    /// the report, has no Grades section: nil, as for a backend without grades.
    public static func moodle(_ connection: MoodleConnection) -> GradesClient {
        let api = connection.api
        let shared = connection.shared
        return GradesClient(grades: { id, progress in
            let background = progress.urgency == .background
            let user = try await api.userID(shared: shared, background: background)
            let items: [MoodleGradeItems.Item]
            do {
                items = try await api.gradeItems(id, userID: user, background: background)
            } catch MoodleError.notPermitted, MoodleError.notAllowed {
                return nil
            }
            guard items.contains(where: { $0.itemtype == "category" }) else {
                return MoodleGradeReport.grades(items, categoryNames: [:])
            }
            // Names are worth waiting for but not worth the section: without them a category is "Grade category".
            let names = (try? await api.gradeCategoryNames(id, userID: user, background: background)) ?? [:]
            return MoodleGradeReport.grades(items, categoryNames: names)
        })
    }
}
