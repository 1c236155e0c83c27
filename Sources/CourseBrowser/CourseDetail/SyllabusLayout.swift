import CourseKit
import HTMLText
import TerminalUI

/// Lays out one syllabus block as wrapped terminal lines.
enum SyllabusLayout {
    static func lines(for block: TextBlock, width: Int, glyphs: Glyphs) -> [StyledLine] {
        switch block.kind {
        case .heading:
            return wrapped(block.text, width: width, first: "", rest: "", style: .bold)
        case .paragraph:
            return wrapped(block.text, width: width, first: "", rest: "", style: .plain)
        case let .listItem(marker, depth):
            let indent = String(repeating: "  ", count: depth)
            // An empty marker continues the item above, so it aligns with that item's text.
            let bullet = marker == "•" ? glyphs.bullet : (marker.isEmpty ? " " : marker)
            let first = indent + bullet + " "
            let rest = String(repeating: " ", count: first.displayWidth)
            return wrapped(block.text, width: width, first: marker.isEmpty ? rest : first, rest: rest, style: .plain)
        case .quote:
            return wrapped(block.text, width: width, first: glyphs.vertical + " ", rest: glyphs.vertical + " ", style: .muted)
        case .preformatted:
            return Sanitizer.cleanLines(block.text).map { StyledLine("  " + $0, style: .plain) }
        case .rule:
            return [StyledLine(String(repeating: glyphs.horizontal, count: max(1, min(width, 40))), style: .muted)]
        }
    }

    /// Wraps each line of `text` (blocks keep `<br>` breaks as newlines) under a hanging prefix.
    private static func wrapped(_ text: String, width: Int, first: String, rest: String, style: Style) -> [StyledLine] {
        let room = max(1, width - first.displayWidth)
        var lines: [StyledLine] = []
        for paragraph in Sanitizer.cleanLines(text) {
            for row in paragraph.wrapped(toWidth: room) {
                let prefix = lines.isEmpty ? first : rest
                lines.append(StyledLine([.init(text: prefix, style: .muted), .init(text: row, style: style)]))
            }
        }
        return lines
    }
}
