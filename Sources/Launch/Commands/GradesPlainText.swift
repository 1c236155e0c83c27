import CourseBrowser
import CourseKit
import TerminalUI

/// The `grades ID` command's text for people: the Grades section's lines as the pane shows
/// them, nothing wrapped or cut short.
enum GradesPlainText {
    static func text(_ grades: CourseGrades, style: DuePlainText.Style) -> String {
        guard !grades.groups.isEmpty || grades.reportedTotal != nil else { return "No grades in this course yet." }
        return GradesLayout.textLines(for: grades).map { spans in
            spans.map { PlainText.paint(PlainText.cell($0.text, style), $0.style, style) }.joined()
        }.joined(separator: "\n")
    }
}
