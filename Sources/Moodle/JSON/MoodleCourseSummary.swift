/// A course as `core_enrol_get_users_courses` lists it (enrol/externallib.php
/// `get_users_courses_returns()`), and as the Dashboard's list does
/// (`core_course_get_enrolled_courses_by_timeline_classification`,
/// course/classes/external/course_summary_exporter.php); only the fields read here.
struct MoodleCourseSummary: Decodable, Sendable {
    var id: MoodleInt
    /// HTML-escaped, as every name Moodle sends.
    var fullname: String
    var shortname: String
    /// Unix seconds; 0: not set.
    var startdate: MoodleInt?
    var enddate: MoodleInt?
    var isfavourite: Bool?
    /// The student removed it from view on their Dashboard (`block_myoverview_hidden_course_<id>`).
    var hidden: Bool?
    /// The name of its category, where Moodle sites keep semesters and faculties: the Dashboard's
    /// list names it, `core_enrol_get_users_courses` gives only its number.
    var coursecategory: String?
}

/// The answer of `core_course_get_enrolled_courses_by_timeline_classification`.
struct MoodleCourseSummaries: Decodable, Sendable {
    var courses: [MoodleCourseSummary]
    var nextoffset: MoodleInt?
}

/// The answer of `gradereport_overview_get_course_grades` (grade/report/overview/classes/external.php).
struct MoodleCourseGrades: Decodable, Sendable {
    struct Row: Decodable, Sendable {
        var courseid: MoodleInt
        /// Formatted as the course total shows it: `85.00`, `85.00 %`, `B+`, `B+ (85.00 %)`; `-` for none.
        var grade: String?
    }

    var grades: [Row]
}

/// The answer of `core_course_get_courses_by_field` (course/externallib.php); only the fields read here.
struct MoodleCourseDetails: Decodable, Sendable {
    struct Detail: Decodable, Sendable {
        struct Contact: Decodable, Sendable {
            var fullname: String
        }

        var id: MoodleInt
        var fullname: String
        var shortname: String
        var categoryname: String?
        /// HTML: the course's summary, the nearest Moodle has to a syllabus.
        var summary: String?
        /// The people in the site's course contact roles (by default, its teachers).
        var contacts: [Contact]?
        var startdate: MoodleInt?
        var enddate: MoodleInt?
    }

    var courses: [Detail]
}
