import CourseKit
import TerminalUI

/// The overview's words on the user's grade in a course: `Grade: B+ (87.5%) · Fall Q2`, the
/// total over all grading periods beside it, or that the teacher hides totals; nothing for a
/// course without a grade. The pane and the `course` command say it alike.
package enum OverviewGradeText {
    package static func lines(_ course: Course) -> [(text: String, style: Style)] {
        guard !course.isRestricted else { return [] }
        if course.hidesFinalGrades {
            return [("Grade: the teacher hides course totals", .muted)]
        }
        guard let grade = course.shownGrade else { return [] }
        var lines = [("Grade: " + GradeText.full(grade) + (grade.period.map { " · \($0)" } ?? ""), Style.plain)]
        if let total = course.allPeriodsGrade {
            lines.append(("All grading periods: " + GradeText.full(total), .plain))
        }
        return lines
    }
}
