import CourseKit
import FoundationEssentials
import TerminalUI

extension GradesLayout {
    /// The Grades section's lines for `grades` with no what-if scores and nothing wrapped, each
    /// as its spans of text and style, for the `grades` command to print as the pane shows them.
    package static func textLines(for grades: CourseGrades) -> [[(text: String, style: Style)]] {
        lines(for: grades, context: Context(), width: unwrapped).map { line in
            line.styled(now: .distantPast, glyphs: .unicode).spans.map { ($0.text, $0.style) }
        }
    }

    /// A width no line of grades reaches, so none is wrapped.
    private static let unwrapped = 1 << 20
}
