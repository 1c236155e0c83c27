import CourseBrowser
import CourseKit
import TerminalUI

/// The `courses` command's text for people: the course list's groups and rows, each column as
/// wide as its widest cell, nothing cut short.
enum CoursesPlainText {
    /// The listing of `groups`, or a line saying the view has no courses.
    static func text(_ groups: [CourseListing.Group], scope: CourseScope, style: DuePlainText.Style) -> String {
        let courses = groups.flatMap(\.courses)
        guard !courses.isEmpty else { return "No courses in \(scope.title)." }
        let nameWidth = courses.map { PlainText.cell($0.name, style).displayWidth }.max() ?? 0
        let codeWidth = courses.map { PlainText.cell(code(of: $0), style).displayWidth }.max() ?? 0
        var lines: [String] = []
        for group in groups {
            lines.append(PlainText.paint(PlainText.cell(group.heading, style), TerminalUI.Style(bold: true), style))
            for course in group.courses {
                var row = "  " + PlainText.cell(course.name, style).padded(toWidth: nameWidth)
                row += "  " + PlainText.paint(PlainText.cell(code(of: course), style).padded(toWidth: codeWidth), .accent, style)
                if let grade = CourseListing.grade(course) {
                    row += "  " + PlainText.cell(grade, style)
                }
                while row.last == " " { row.removeLast() }
                lines.append(row)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The code column: the course's code, or why it is special, as the list says it.
    private static func code(of course: Course) -> String {
        CourseListing.standing(course) ?? course.code
    }
}
