import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// Every course the student is enrolled in, those they removed from view too, in one answer.
    func enrolledCourses(background: Bool) async throws -> [MoodleCourseSummary] {
        var parameters = MoodleParameters()
        parameters.add("classification", "allincludinghidden")
        return try await call(
            MoodleCourseSummaries.self, "core_course_get_enrolled_courses_by_timeline_classification", parameters,
            Call(isBackground: background)
        ).courses
    }

    /// The student's total in each course that shows grades, as the course shows it, by course ID.
    func courseGrades(background: Bool = false) async throws -> [Int: String] {
        let rows = try await call(MoodleCourseGrades.self, "gradereport_overview_get_course_grades", MoodleParameters(), Call(isBackground: background)).grades
        return Dictionary(rows.compactMap { row in row.grade.map { (row.courseid.value, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// A course's details: names, category, summary, contacts and dates.
    func courseDetail(_ id: CourseID, background: Bool = false) async throws -> MoodleCourseDetails.Detail {
        let number = try Self.number(of: id)
        var parameters = MoodleParameters()
        parameters.add("field", "id")
        parameters.add("value", number)
        let courses = try await call(MoodleCourseDetails.self, "core_course_get_courses_by_field", parameters, Call(isBackground: background)).courses
        guard let course = courses.first(where: { $0.id.value == number }) else { throw CourseNotFound(id: id) }
        return course
    }

    /// A course's sections and their modules, or one module's (`cmid`).
    func contents(_ id: CourseID, module cmid: Int? = nil, background: Bool = false) async throws -> [MoodleSection] {
        var parameters = MoodleParameters()
        parameters.add("courseid", try Self.number(of: id))
        if let cmid {
            parameters.add("options", options: [("cmid", String(cmid))])
        }
        return try await call([MoodleSection].self, "core_course_get_contents", parameters, Call(isBackground: background))
    }

    /// A Moodle course ID is a number; any other form names no course there.
    static func number(of id: CourseID) throws -> Int {
        guard let number = Int(id.rawValue), number > 0 else { throw CourseNotFound(id: id) }
        return number
    }
}
