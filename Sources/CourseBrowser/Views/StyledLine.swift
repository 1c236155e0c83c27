import TerminalUI

/// One row of text made of differently styled pieces.
struct StyledLine: Equatable {
    struct Span: Equatable {
        var text: String
        var style: Style
    }

    var spans: [Span]

    init(_ spans: [Span] = []) {
        self.spans = spans
    }

    init(_ text: String, style: Style = .plain) {
        spans = [Span(text: text, style: style)]
    }

    static let blank = StyledLine()

    var text: String { spans.map(\.text).joined() }
}

extension Grid {
    /// Draws `line` at (`x`, `y`), cutting it to `width` columns.
    mutating func draw(_ line: StyledLine, x: Int, y: Int, width: Int) {
        var column = x
        for span in line.spans where column < x + width {
            column += put(span.text, x: column, y: y, maxWidth: x + width - column, style: span.style)
        }
    }
}
