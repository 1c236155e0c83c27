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
        /// `student`, `teacher`, `ta`, `designer` or `observer` (`StudentEnrollment` and the like
        /// in older answers).
        package var type: String?
        package var enrollment_state: String?
        /// The totals (`include[]=total_scores`), which Canvas gives on a student's enrollment
        /// only, and not at all in a course that hides its final grades.
        package var computed_current_score: CanvasNumber?
        package var computed_current_grade: String?
        /// The current grading period's totals and title (`include[]=current_grading_period_scores`
        /// beside `total_scores`), in a course with grading periods; null between periods.
        package var has_grading_periods: Bool?
        package var current_grading_period_id: CanvasID?
        package var current_grading_period_title: String?
        package var current_period_computed_current_score: CanvasNumber?
        package var current_period_computed_current_grade: String?
        /// Whether the course lets students see the total over all its grading periods.
        package var totals_for_all_grading_periods_option: Bool?

        package init() {}
    }

    /// One row of the course's grading scheme: `["B+", 0.87]`, the letter and its lowest share.
    package struct SchemeRow: Decodable, Sendable {
        package var name: String
        package var value: Double

        package init(from decoder: any Decoder) throws {
            var row = try decoder.unkeyedContainer()
            name = try row.decode(String.self)
            value = try row.decode(CanvasNumber.self).value
        }
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
    /// Whether groups count toward the total by their weights, else by points.
    package var apply_assignment_group_weights: Bool?
    /// The grading scheme the course uses for letters (0: Canvas's default); null: no letters.
    package var grading_standard_id: CanvasID?
    /// The course's letters (`include[]=grading_scheme`); Canvas's default where it set none,
    /// so they count only where `grading_standard_id` says the course uses letters.
    package var grading_scheme: [SchemeRow]?
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
            allPeriodsGrade: hide_final_grades == true ? nil : allPeriodsGrade,
            hidesFinalGrades: hide_final_grades ?? false
        )
    }

    /// The grade to show: in a course with grading periods the current period's, as Canvas's
    /// planner and apps show it (between periods, the total where the course shows it); else the
    /// first enrollment's totals that say anything (a user enrolled twice, in two sections, has
    /// the same totals on each).
    private var grade: Course.Grade? {
        guard let enrollment = periodEnrollment else { return total }
        if enrollment.current_grading_period_id != nil {
            return Course.Grade(
                letter: enrollment.current_period_computed_current_grade,
                score: enrollment.current_period_computed_current_score?.value,
                period: enrollment.current_grading_period_title.flatMap(\.nonBlank)
            )
        }
        return allPeriodsGrade
    }

    /// The total over all grading periods, where the course has periods and shows it to students.
    private var allPeriodsGrade: Course.Grade? {
        guard let enrollment = periodEnrollment, enrollment.totals_for_all_grading_periods_option == true else { return nil }
        return total
    }

    private var total: Course.Grade? {
        (enrollments ?? []).lazy.compactMap { Course.Grade(letter: $0.computed_current_grade, score: $0.computed_current_score?.value) }.first
    }

    /// The enrollment that says the course has grading periods, if one does.
    private var periodEnrollment: Enrollment? {
        (enrollments ?? []).first { $0.has_grading_periods == true }
    }

    /// The user's own enrollment state; an invitation wins over others so it is never missed.
    /// The domain course with what the user's enrollments let them do there, as a Canvas site
    /// answers it; a catalog, made in Canvas's shape but kept on this machine, has `course`.
    package var siteCourse: Course {
        var course = course
        course.addsFiles = addsFiles
        return course
    }

    /// Whether the user's enrollments let them add files to the course's Files, as Canvas's
    /// default roles do: a teacher, TA or designer may, a student or observer may not; nil where
    /// no enrollment says what it is.
    private var addsFiles: Bool? {
        let types = (enrollments ?? []).compactMap { $0.type?.lowercased().replacing("enrollment", with: "") }
        guard !types.isEmpty else { return nil }
        return types.contains { ["teacher", "ta", "designer"].contains($0) }
    }

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
