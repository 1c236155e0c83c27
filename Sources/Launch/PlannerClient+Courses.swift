import CourseKit

extension PlannerClient {
    /// Fills in each item's course code from the course lists last saved, which the Courses
    /// pane keeps current, so a planner load asks Canvas for nothing but the planner.
    func namingCourses(from saved: SavedCopyClient) -> PlannerClient {
        PlannerClient { start, end, progress in
            let items = try await self.items(start, end, progress)
            let courses = CourseScope.allCases.flatMap { saved.courses($0)?.value ?? [] }
            let codes = Dictionary(courses.map { ($0.id, $0.code) }, uniquingKeysWith: { first, _ in first })
            return items.map { item in
                guard item.courseCode == nil, let id = item.courseID, let code = codes[id]?.nonBlank else { return item }
                var named = item
                named.courseCode = code
                return named
            }
        }
    }
}
