import CourseKit
import FoundationEssentials

/// The course list as the pane shows it, for the `courses` command: the same groups in the same
/// order, the same grade and the same word for a course that is special.
package enum CourseListing {
    /// One term's heading and its courses, in the pane's order.
    package struct Group: Equatable {
        /// `Fall 2026`, `Spring 2026 · ended`, `Not available now`.
        package var heading: String
        package var courses: [Course]
    }

    /// `courses` grouped under their terms as the pane groups them at `now`.
    package static func groups(_ courses: [Course], now: Date) -> [Group] {
        let laidOut = CourseGroups(courses, now: now)
        var groups: [Group] = []
        for row in laidOut.rows {
            switch row {
            case let .heading(text): groups.append(Group(heading: text, courses: []))
            case let .course(index): groups[groups.count - 1].courses.append(laidOut.courses[index])
            }
        }
        return groups
    }

    /// What the grade column says: the letter, else the percentage; nil where the course hides
    /// its totals or has no grade yet.
    package static func grade(_ course: Course) -> String? {
        course.shownGrade.map(GradeText.short).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The grade as the Course pane's header says it: `B+ (87.5%)`.
    package static func fullGrade(_ course: Course) -> String? {
        course.shownGrade.map(GradeText.full).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why the course is special, as the list says it where its code would go: `restricted`,
    /// `invited`, `hidden`; nil for an ordinary one.
    package static func standing(_ course: Course) -> String? {
        if course.isRestricted { return "restricted" }
        if course.enrollment == .invited { return "invited" }
        if course.isHidden { return "hidden" }
        return nil
    }
}
