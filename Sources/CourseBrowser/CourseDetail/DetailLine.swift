import CourseKit
import FoundationEssentials
import TerminalUI

/// One line of the Course pane, laid out ahead of drawing.
enum DetailLine {
    case text(StyledLine)
    /// A line of an assignment or module item, which `n` and `p` select and `o` opens.
    case item(StyledLine, DetailItem)
    /// A section's heading (`assignments`, `syllabus`, `modules`), which the reading place is kept by.
    case heading(StyledLine, String)
    /// A section still loading; its spinner turns and its seconds count as it is drawn.
    case loading(label: String, since: Date, note: LoadProgress.Note?)
    /// A line of the saved-copy row; its age and any wait count as it is drawn.
    case savedCopy(SavedCopyRow.Status, line: Int, width: Int)

    static let blank = DetailLine.text(.blank)

    /// What the reader's place can be found by again once the lines change: an item or a heading.
    var landmark: String? {
        switch self {
        case let .item(_, item): "item " + item.id
        case let .heading(_, key): "heading " + key
        case .text, .loading, .savedCopy: nil
        }
    }

    /// The item this line belongs to, if any.
    var item: DetailItem? {
        if case let .item(_, item) = self { return item }
        return nil
    }

    /// The line as it looks at `now`.
    func styled(now: Date, glyphs: Glyphs) -> StyledLine {
        switch self {
        case let .text(line), let .item(line, _), let .heading(line, _): line
        case let .loading(label, since, note): StatusRows.loading(label, since: since, now: now, glyphs: glyphs, note: note)
        case let .savedCopy(status, line, width):
            // The row may take fewer lines than when it was laid out; those left are blank.
            SavedCopyRow.lines(status, now: now, width: width, glyphs: glyphs).dropFirst(line).first ?? .blank
        }
    }
}
