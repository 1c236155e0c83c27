import CourseKit

extension DueState {
    /// Takes from `courses`, as the course list loads them, the codes of the courses the
    /// planner named only by their names: on a first start the planner can answer before any
    /// course list was saved to name its courses from. Only those codes are kept, so a list of
    /// 100,000 courses costs nothing when the planner named every course.
    mutating func learnCodes(of courses: [Course]) -> Bool {
        let unnamed = (planner.value ?? []).filter { $0.courseCode == nil }.compactMap(\.courseID)
        let wanted = Set(unnamed).subtracting(courseCodes.keys)
        guard !wanted.isEmpty else { return false }
        var learned = false
        for course in courses where wanted.contains(course.id) && !course.code.isEmpty {
            courseCodes[course.id] = course.code
            learned = true
        }
        return learned
    }

    /// Whether the planner named a course only by its name and its code is not learned yet.
    var lacksCourseCodes: Bool {
        (planner.value ?? []).contains { item in item.courseCode == nil && item.courseID.map { courseCodes[$0] == nil } == true }
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
