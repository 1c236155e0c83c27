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
            let (first, rest) = listPrefixes(marker: marker, depth: depth, glyphs: glyphs)
            return wrapped(block.text, width: width, first: first, rest: rest, style: .plain)
        case .quote:
            return wrapped(block.text, width: width, first: glyphs.vertical + " ", rest: glyphs.vertical + " ", style: .muted)
        case .preformatted:
            return Sanitizer.cleanLines(block.text).map { StyledLine("  " + $0, style: .plain) }
        case .rule:
            return [StyledLine(String(repeating: glyphs.horizontal, count: max(1, min(width, 40))), style: .muted)]
        }
    }

    /// How many lines ``lines(for:width:glyphs:)`` gives, counted without making most of them:
    /// a long syllabus is laid out for its count of lines, and only the lines drawn are made.
    static func lineCount(for block: TextBlock, width: Int, glyphs: Glyphs) -> Int {
        switch block.kind {
        case .heading, .paragraph:
            return wrappedCount(block.text, width: width, first: "")
        case let .listItem(marker, depth):
            return wrappedCount(block.text, width: width, first: listPrefixes(marker: marker, depth: depth, glyphs: glyphs).first)
        case .quote:
            return wrappedCount(block.text, width: width, first: glyphs.vertical + " ")
        case .preformatted:
            return Sanitizer.cleanLines(block.text).count
        case .rule:
            return 1
        }
    }

    /// A list item's prefix on its first line, and the indent of its others.
    private static func listPrefixes(marker: String, depth: Int, glyphs: Glyphs) -> (first: String, rest: String) {
        let indent = String(repeating: "  ", count: depth)
        // An empty marker continues the item above, so it aligns with that item's text.
        let bullet = marker == "•" ? glyphs.bullet : (marker.isEmpty ? " " : marker)
        let first = indent + bullet + " "
        let rest = String(repeating: " ", count: first.displayWidth)
        return (marker.isEmpty ? rest : first, rest)
    }

    /// Wraps each line of `text` (blocks keep `<br>` breaks as newlines) under a hanging prefix
    /// as wide as `first`.
    private static func wrapped(_ text: String, width: Int, first: String, rest: String, style: Style) -> [StyledLine] {
        var lines: [StyledLine] = []
        for paragraph in Sanitizer.cleanLines(text) {
            for row in paragraph.wrapped(toWidth: room(width: width, first: first)) {
                let prefix = lines.isEmpty ? first : rest
                lines.append(StyledLine([.init(text: prefix, style: .muted), .init(text: row, style: style)]))
            }
        }
        return lines
    }

    private static func wrappedCount(_ text: String, width: Int, first: String) -> Int {
        let room = room(width: width, first: first)
        return Sanitizer.cleanLines(text).reduce(0) { $0 + $1.wrappedLineCount(toWidth: room) }
    }

    private static func room(width: Int, first: String) -> Int {
        max(1, width - first.displayWidth)
    }
}
