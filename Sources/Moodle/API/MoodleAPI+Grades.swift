import CourseKit
import FoundationEssentials
import TextBasics

extension MoodleAPI {
    /// The student's grade report of a course, row by row in the course's order:
    /// `gradereport_user_get_grade_items` for `userID`, the token's user.
    func gradeItems(_ id: CourseID, userID: Int, background: Bool) async throws -> [MoodleGradeItems.Item] {
        let report = try await call(MoodleGradeItems.self, "gradereport_user_get_grade_items", gradeReportParameters(id, userID: userID), Call(isBackground: background))
        return report.usergrades.first?.gradeitems ?? []
    }

    /// The names of the course's grade categories, by category ID, from the report's table:
    /// the only place a student's token can read them.
    func gradeCategoryNames(_ id: CourseID, userID: Int, background: Bool) async throws -> [Int: String] {
        let table = try await call(MoodleGradesTable.self, "gradereport_user_get_grades_table", gradeReportParameters(id, userID: userID), Call(isBackground: background))
        let cells = table.tables.flatMap(\.tabledata).compactMap(\.itemname)
        return Dictionary(cells.compactMap(Self.categoryName), uniquingKeysWith: { first, _ in first })
    }

    private func gradeReportParameters(_ id: CourseID, userID: Int) throws -> MoodleParameters {
        var parameters = MoodleParameters()
        parameters.add("courseid", try Self.number(of: id))
        parameters.add("userid", userID)
        return parameters
    }

    /// A category heading's ID and name: its cell is `cat_<category>_<user>`, of class `category`.
    private static func categoryName(_ cell: MoodleGradesTable.Cell) -> (Int, String)? {
        guard let id = cell.id, id.hasPrefix("cat_"), cell.class?.split(separator: " ").contains("category") == true else { return nil }
        let parts = id.split(separator: "_")
        guard parts.count >= 2, let category = Int(parts[1]), let name = cell.content.flatMap(MoodleText.name) else { return nil }
        return (category, name.trimming(.whitespacesAndNewlines))
    }
}
