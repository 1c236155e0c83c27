import Foundation

/// Renders screen cells as pure ASCII, column for column, for failure messages.
///
/// `swift test` relays the test process's output through a pipe and drops any chunk it
/// reads that ends inside a multi-byte UTF-8 character; a screen full of box lines and
/// CJK text is long enough to be cut that way, so a failure would show no message at all.
/// ASCII text can't be cut inside a character, and keeping columns keeps the layout readable.
enum ASCIIScreen {
    /// Explains the substitutions; printed above every screen.
    static let legend = "(screen in ASCII: light box -|+, focused box =#, accents dropped, '?' per column of other text)"

    private static let substitutes: [String: String] = [
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "━": "=", "┃": "#", "┏": "#", "┓": "#", "┗": "#", "┛": "#",
        "…": "~", "›": ">", "❗": "! ", "•": "*", "·": ".", "→": ">", "–": "-", "—": "-",
    ]

    /// One row of cells (a wide character's second cell is "") as ASCII of the same width.
    static func render(_ cells: ArraySlice<String>) -> String {
        var row = ""
        for (index, cell) in zip(cells.indices, cells) where !cell.isEmpty {
            let wide = cells.index(after: index) < cells.endIndex && cells[cells.index(after: index)].isEmpty
            row += ascii(for: cell, width: wide ? 2 : 1)
        }
        return row.trimmingTrailingSpaces()
    }

    private static func ascii(for cell: String, width: Int) -> String {
        if cell.unicodeScalars.allSatisfy(\.isASCII) {
            return cell
        }
        if let substitute = substitutes[cell], substitute.count == width || width == 1 {
            return String(substitute.prefix(width))
        }
        let folded = cell.folding(options: .diacriticInsensitive, locale: nil)
        if width == 1, folded.count == 1, folded.unicodeScalars.allSatisfy(\.isASCII) {
            return folded
        }
        return String(repeating: "?", count: width)
    }
}
