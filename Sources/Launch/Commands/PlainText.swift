import FoundationEssentials
import TerminalUI

/// What the commands' text for people shares: one safe cell of text from the backend, and the
/// pane's colours as SGR sequences.
enum PlainText {
    /// Text from the backend as one safe cell: what a terminal acts on taken out, and any
    /// line break made a space, so one item stays one line.
    static func cell(_ text: String) -> String {
        Sanitizer.clean(Sanitizer.cut(text))
    }

    /// `text` as one safe cell, in ASCII where the locale isn't UTF-8.
    static func cell(_ text: String, _ style: DuePlainText.Style) -> String {
        let clean = cell(text)
        return style.unicode ? clean : ASCIIFallback.transliterate(clean)
    }

    /// `text` in the colours `role` stands for, as the pane draws it, when colours are on.
    static func paint(_ text: String, _ look: TerminalUI.Style, _ style: DuePlainText.Style) -> String {
        guard style.colours, !text.trimming(.whitespaces).isEmpty else { return text }
        var codes: [String] = []
        if look.bold { codes.append("1") }
        if look.dim { codes.append("2") }
        switch look.role {
        case .accent: codes.append("36")
        case .error: codes.append("31")
        case .success: codes.append("32")
        case .warning: codes.append("33")
        case .muted, nil: break
        }
        guard !codes.isEmpty else { return text }
        return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}

extension PlainText {
    /// One cell of a table: its text, and the look it is painted in.
    struct Cell {
        var text: String
        var look: TerminalUI.Style = .plain
    }

    /// `rows` as lines after `indent`, each column as wide as its widest cell and two spaces
    /// apart, nothing cut short and no space at a line's end.
    static func table(_ rows: [[Cell]], indent: String = "  ", style: DuePlainText.Style) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].text.displayWidth : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                let last = column == row.count - 1
                line += paint(last ? cell.text : cell.text.padded(toWidth: widths[column]), cell.look, style) + (last ? "" : "  ")
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
