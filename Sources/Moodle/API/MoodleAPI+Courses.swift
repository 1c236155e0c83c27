import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// Every course `userID` is enrolled in, those they removed from view too: the list every
    /// Moodle the mobile app can reach answers.
    func usersCourses(userID: Int, background: Bool) async throws -> [MoodleCourseSummary] {
        var parameters = MoodleParameters()
        parameters.add("userid", userID)
        return try await call([MoodleCourseSummary].self, "core_enrol_get_users_courses", parameters, Call(isBackground: background))
    }

    /// The category each of the student's courses is in, by course ID, as the Dashboard's list
    /// names it (`core_enrol_get_users_courses` gives only the category's number).
    func courseCategories(background: Bool) async throws -> [Int: String] {
        var parameters = MoodleParameters()
        parameters.add("classification", "allincludinghidden")
        let courses = try await call(
            MoodleCourseSummaries.self, "core_course_get_enrolled_courses_by_timeline_classification", parameters,
            Call(isBackground: background)
        ).courses
        let named = courses.compactMap { course in course.coursecategory.map { (course.id.value, $0) } }
        return Dictionary(named, uniquingKeysWith: { first, _ in first })
    }

    /// The token's user: known from an earlier run or an earlier answer, else asked of the site once.
    func userID(shared: MoodleShared, background: Bool) async throws -> Int {
        if let known = shared.userID { return known }
        return try await siteInfo(shared: shared, background: background).userid.value
    }

    /// `core_webservice_get_site_info`, one request for every caller asking at once; it teaches `shared` the user.
    func siteInfo(shared: MoodleShared, background: Bool = false) async throws -> MoodleSiteInfo {
        let info = try await shared.siteInfo.value(for: 0) {
            try await call(MoodleSiteInfo.self, "core_webservice_get_site_info", MoodleParameters(), Call(isBackground: background))
        }
        shared.learn(userID: info.userid.value)
        return info
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
