import FoundationEssentials
import TerminalUI

/// One row of text made of differently styled pieces.
struct StyledLine: Equatable {
    struct Span: Equatable {
        var text: String
        var style: Style
        /// A web address the span is a hyperlink to, where the terminal shows them.
        var link: URL?

        init(text: String, style: Style, link: URL? = nil) {
            self.text = text
            self.style = style
            self.link = link
        }
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
            let written = put(span.text, x: column, y: y, maxWidth: x + width - column, style: span.style)
            if let link = span.link {
                self.link(link.absoluteString, x: column, y: y, width: written)
            }
            column += written
        }
    }
}
