import CourseKit
import FoundationEssentials

/// How many things changed in each course on the planner since the student last looked.
enum ChangeCount {
    /// Each course's count against its record; a course with no record gets one made from the
    /// planner's `items` for it over `window`, as the baseline its next changes are told from.
    static func counts(of items: [PlannerItem], window: DateInterval, seen: SeenClient, now: Date) -> [CourseID: Int] {
        var byCourse: [CourseID: [PlannerItem]] = [:]
        for item in items {
            guard let course = item.courseID else { continue }
            byCourse[course, default: []].append(item)
        }
        var counts: [CourseID: Int] = [:]
        for (course, items) in byCourse {
            guard let record = seen.seen(course) else {
                seen.record(course, SeenCourse(plannerItems: items, window: window, recordedAt: now))
                continue
            }
            counts[course] = CourseChanges.count(since: record, in: items)
        }
        return counts
    }
}
