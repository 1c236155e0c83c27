import CourseKit
import Foundation
import TerminalUI

/// One line of the Course pane, laid out ahead of drawing.
enum DetailLine {
    case text(StyledLine)
    /// A section still loading; its spinner turns and its seconds count as it is drawn.
    case loading(label: String, since: Date, note: LoadProgress.Note?)

    static let blank = DetailLine.text(.blank)

    /// The line as it looks at `now`.
    func styled(now: Date, glyphs: Glyphs) -> StyledLine {
        switch self {
        case let .text(line): line
        case let .loading(label, since, note): StatusRows.loading(label, since: since, now: now, glyphs: glyphs, note: note)
        }
    }
}
