import CourseKit
import FoundationEssentials

/// A Canvas course object as the REST API and catalog files spell it; unknown fields are ignored.
package struct CanvasCourse: Decodable, Sendable {
    package struct Term: Decodable, Sendable {
        package var name: String?
        package var start_at: String?
        package var end_at: String?

        package init() {}
    }

    package struct User: Decodable, Sendable {
        package var display_name: String?
        package var name: String?

        package init() {}
    }

    package struct Enrollment: Decodable, Sendable {
        package var enrollment_state: String?
        /// The totals (`include[]=total_scores`), which Canvas gives on a student's enrollment
        /// only, and not at all in a course that hides its final grades.
        package var computed_current_score: CanvasNumber?
        package var computed_current_grade: String?

        package init() {}
    }

    package var id: CanvasID
    package var name: String?
    package var original_name: String?
    package var course_code: String?
    package var workflow_state: String?
    package var start_at: String?
    package var end_at: String?
    package var term: Term?
    package var teachers: [User]?
    package var enrollments: [Enrollment]?
    package var is_favorite: Bool?
    package var concluded: Bool?
    package var access_restricted_by_date: Bool?
    package var hide_final_grades: Bool?
    /// Not in Canvas's course objects; a catalog file may give one.
    package var html_url: String?
    package var syllabus_body: String?
    package var modules: [CanvasModule]?
    /// Only in catalog files, which keep a course's assignments beside it.
    package var assignments: [CanvasAssignment]?
    /// Only in catalog files, as the assignments.
    package var announcements: [CanvasAnnouncement]?

    /// A course with only its ID, for a reader that fills in the rest.
    package init(id: CanvasID) {
        self.id = id
    }

    /// The domain course, with defaults for what Canvas may leave out.
    package var course: Course {
        let id = CourseID(id.text) ?? CourseID(0)
        if access_restricted_by_date == true {
            return .restricted(id)
        }
        return Course(
            id: id,
            name: name.flatMap(\.nonBlank) ?? "Course \(id)",
            originalName: original_name.flatMap(\.nonBlank).flatMap { $0 == name ? nil : $0 },
            code: course_code ?? "",
            workflowState: workflow_state,
            term: term.flatMap(\.domain),
            teachers: (teachers ?? []).compactMap { ($0.display_name ?? $0.name).flatMap(\.nonBlank) },
            startAt: start_at.flatMap(CanvasDate.parse),
            endAt: end_at.flatMap(CanvasDate.parse),
            enrollment: enrollment,
            isFavorite: is_favorite ?? false,
            isConcluded: concluded,
            htmlURL: html_url.flatMap(CanvasWebURL.parse),
            grade: hide_final_grades == true ? nil : grade,
            hidesFinalGrades: hide_final_grades ?? false
        )
    }

    /// The first enrollment's totals that say anything: a user enrolled twice (two sections)
    /// has the same totals on each.
    private var grade: Course.Grade? {
        (enrollments ?? []).lazy.compactMap { Course.Grade(letter: $0.computed_current_grade, score: $0.computed_current_score?.value) }.first
    }

    /// The user's own enrollment state; an invitation wins over others so it is never missed.
    private var enrollment: Course.Enrollment? {
        let states = (enrollments ?? []).compactMap { $0.enrollment_state.flatMap(Self.enrollmentState) }
        if states.contains(.invited) { return .invited }
        if states.contains(.active) { return .active }
        return states.first
    }

    private static func enrollmentState(_ text: String) -> Course.Enrollment? {
        switch text {
        case "active": return .active
        case "invited": return .invited
        case "creation_pending", "pending_active", "pending": return .pending
        case "completed": return .completed
        case "inactive", "rejected", "deleted": return .inactive
        default: return nil
        }
    }
}

extension CanvasCourse.Term {
    package var domain: Course.Term? {
        guard let name = name.flatMap(\.nonBlank) else { return nil }
        return Course.Term(name: name, startAt: start_at.flatMap(CanvasDate.parse), endAt: end_at.flatMap(CanvasDate.parse))
    }
}
