import CourseKit

extension DueState {
    /// Takes the codes of `courses`, as the course list loads them, for items whose course the
    /// planner named only by its name: on a first start the planner can answer before any
    /// course list was saved to name its courses from.
    mutating func learnCodes(of courses: [Course]) -> Bool {
        var learned = false
        for course in courses {
            guard !course.code.isEmpty, courseCodes[course.id] != course.code else { continue }
            courseCodes[course.id] = course.code
            learned = true
        }
        return learned
    }

    /// `items`, each without a course code given the one the course list knows.
    func namingCourses(_ items: [PlannerItem]) -> [PlannerItem] {
        guard !courseCodes.isEmpty else { return items }
        return items.map { item in
            guard item.courseCode == nil, let course = item.courseID, let code = courseCodes[course] else { return item }
            var named = item
            named.courseCode = code
            return named
        }
    }
}
