import CourseKit
import FoundationEssentials

/// Courses as the panes show them, from what Moodle says of them.
enum MoodleCourse {
    /// A course of the student's list, with its grade as the grade report shows it.
    static func course(_ summary: MoodleCourseSummary, grade: String?, site: URL) -> Course {
        let id = CourseID(summary.id.value)
        let name = MoodleText.name(summary.fullname) ?? "Course \(id)"
        return Course(
            id: id,
            name: name,
            code: MoodleText.name(summary.shortname) ?? "",
            term: MoodleText.name(summary.coursecategory).map { Course.Term(name: $0) },
            startAt: MoodleTime.date(summary.startdate?.value),
            endAt: MoodleTime.date(summary.enddate?.value),
            isFavorite: summary.isfavourite ?? false,
            htmlURL: webPage(of: id, site: site),
            grade: MoodleGradeText.courseGrade(grade),
            isHidden: summary.hidden ?? false
        )
    }

    /// A course's overview: its names, category, contacts (its teachers) and dates.
    static func course(_ detail: MoodleCourseDetails.Detail, grade: String?, site: URL) -> Course {
        let id = CourseID(detail.id.value)
        return Course(
            id: id,
            name: MoodleText.name(detail.fullname) ?? "Course \(id)",
            code: MoodleText.name(detail.shortname) ?? "",
            term: MoodleText.name(detail.categoryname).map { Course.Term(name: $0) },
            teachers: (detail.contacts ?? []).compactMap { MoodleText.name($0.fullname) },
            startAt: MoodleTime.date(detail.startdate?.value),
            endAt: MoodleTime.date(detail.enddate?.value),
            htmlURL: webPage(of: id, site: site),
            grade: MoodleGradeText.courseGrade(grade)
        )
    }

    /// `…/course/view.php?id=N`, the course's page on the site.
    static func webPage(of id: CourseID, site: URL) -> URL? {
        URL(string: site.absoluteString + "/course/view.php?id=\(id.rawValue)")
    }
}
