import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `courses --json` output: one object per course, in the order the course list shows them
/// (grouped by term), with fields that keep their names and meaning from one version to the next.
enum CoursesJSON {
    static func text(_ groups: [CourseListing.Group]) -> String {
        QueueListing.escapingTerminalControls(PrettyJSON.text(value(groups)))
    }

    static func value(_ groups: [CourseListing.Group]) -> PrettyJSON.Value {
        .array(groups.flatMap { group in group.courses.map { object($0, adding: ["group": .string(group.heading)]) } })
    }

    /// A course's object, with `extra` fields besides the ones every command gives.
    static func object(_ course: Course, adding extra: [String: PrettyJSON.Value]) -> PrettyJSON.Value {
        let grade = course.shownGrade
        return .object(extra.merging([
            "id": .string(course.id.rawValue),
            "name": .string(course.name),
            "code": .string(course.code),
            "term": .string(course.term?.name),
            "grade": .string(CourseListing.grade(course)),
            "letter": .string(grade?.letter),
            "score": grade?.score.map(PrettyJSON.Value.number) ?? .null,
            "grading_period": .string(grade?.period),
            "grades_hidden": .bool(course.hidesFinalGrades),
            "favorite": .bool(course.isFavorite),
            "standing": .string(CourseListing.standing(course)),
            "start_at": .string(course.effectiveStart?.formatted(.iso8601)),
            "end_at": .string(course.effectiveEnd?.formatted(.iso8601)),
            "url": .string(course.htmlURL?.absoluteString),
        ]) { _, own in own })
    }
}
