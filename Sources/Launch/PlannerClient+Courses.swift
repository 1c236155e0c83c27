import CourseKit
import FoundationEssentials

extension PlannerClient {
    /// Fills in each item's course code from the course lists last saved, which the Courses
    /// pane keeps current, and leaves out items of courses those lists show as ended, so a
    /// planner load asks Canvas for nothing but the planner.
    ///
    /// Canvas leaves concluded enrollments out of the planner unless asked, but a course ended
    /// only by its dates may still send items; the saved lists carry every course's dates.
    func fittedToCourses(from saved: SavedCopyClient, now: @escaping @Sendable () -> Date) -> PlannerClient {
        PlannerClient { start, end, progress in
            let items = try await self.items(start, end, progress)
            let courses = CourseScope.allCases.flatMap { saved.courses($0)?.value ?? [] }
            let byID = Dictionary(courses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let moment = now()
            return items.compactMap { item in
                guard let id = item.courseID, let course = byID[id] else { return item }
                if course.hasEnded(at: moment) { return nil }
                guard item.courseCode == nil, let code = course.code.nonBlank else { return item }
                var named = item
                named.courseCode = code
                return named
            }
        }
    }
}
