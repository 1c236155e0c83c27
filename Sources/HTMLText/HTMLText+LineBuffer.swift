extension HTMLText {
    /// Accumulates the text of the block being built, collapsing whitespace as a browser would.
    ///
    /// Appending is amortised O(1) per scalar, so building even a huge block stays linear.
    struct LineBuffer {
        /// Tab stops for preformatted text; terminals and browsers both default to 8.
        private static let tabWidth = 8

        private var text = ""
        /// Whitespace seen in flow text but not yet written, so it never ends up leading or trailing.
        private var pendingSpace = false
        private var trailingNewlines = 0
        private var column = 0
        private var afterCarriageReturn = false
        private var controls = ControlFilter()

        /// The size of the text so far; used to remember where a link's label starts.
        var utf8Count: Int { text.utf8.count }

        /// The text appended since `utf8Count` was `offset`.
        func text(since offset: Int) -> String {
            let utf8 = text.utf8
            guard let start = utf8.index(utf8.startIndex, offsetBy: offset, limitedBy: utf8.endIndex) else {
                return ""
            }
            return String(decoding: utf8[start...], as: UTF8.self)
        }

        /// Appends normal-flow text: runs of whitespace become one space, control codes and sequences are dropped.
        mutating func appendFlow(_ string: String) {
            for scalar in string.unicodeScalars where !controls.swallows(scalar) {
                if Scalars.isCollapsibleSpace(scalar) {
                    pendingSpace = true
                } else if !Scalars.isUnprintable(scalar) {
                    if pendingSpace, !text.isEmpty, trailingNewlines == 0 {
                        text.unicodeScalars.append(" ")
                    }
                    pendingSpace = false
                    trailingNewlines = 0
                    text.unicodeScalars.append(scalar)
                }
            }
        }

        /// Appends `pre` text verbatim, except that line endings become `"\n"` and tabs become spaces.
        mutating func appendPreformatted(_ string: String) {
            for scalar in string.unicodeScalars where !controls.swallows(scalar) {
                let followsCarriageReturn = afterCarriageReturn
                afterCarriageReturn = false
                switch scalar {
                case "\r":
                    appendNewline()
                    afterCarriageReturn = true
                case "\n":
                    if !followsCarriageReturn { appendNewline() }
                case "\t":
                    let spaces = Self.tabWidth - column % Self.tabWidth
                    // One scalar at a time: `append(contentsOf:)` on the scalar view copies the whole text.
                    for _ in 0..<spaces { text.unicodeScalars.append(" ") }
                    column += spaces
                    trailingNewlines = 0
                case "\u{A0}", "\u{202F}":
                    appendVisible(" ")
                default:
                    if !Scalars.isUnprintable(scalar) { appendVisible(scalar) }
                }
            }
        }

        /// Separates inline content (table cells, blocks flattened into a cell) by at most one space.
        mutating func softSpace() {
            pendingSpace = true
        }

        /// Starts a new line unless the text is empty or already ends with one.
        mutating func softBreak() {
            pendingSpace = false
            guard !text.isEmpty, trailingNewlines == 0 else { return }
            appendNewline()
        }

        /// A `<br>`: always breaks, but runs of them leave at most one blank line.
        mutating func hardBreak() {
            pendingSpace = false
            guard trailingNewlines < 2 else { return }
            appendNewline()
        }

        /// Returns the trimmed text and empties the buffer.
        mutating func take(preformatted: Bool) -> String {
            let result = preformatted ? Self.trimmedPreformatted(text) : Self.trimmed(text)
            self = LineBuffer()
            return result
        }

        /// Appends one printable scalar of preformatted text.
        private mutating func appendVisible(_ scalar: Unicode.Scalar) {
            text.unicodeScalars.append(scalar)
            column += 1
            trailingNewlines = 0
        }

        /// Appends a line break and resets the tab column.
        private mutating func appendNewline() {
            text.unicodeScalars.append("\n")
            column = 0
            trailingNewlines += 1
        }

        /// Trims spaces and newlines at both ends.
        static func trimmed(_ string: String) -> String {
            let scalars = string.unicodeScalars
            guard let first = scalars.firstIndex(where: { !Scalars.isCollapsibleSpace($0) }),
                  let last = scalars.lastIndex(where: { !Scalars.isCollapsibleSpace($0) }) else { return "" }
            return String(scalars[first...last])
        }

        /// Drops leading blank lines and trailing whitespace but keeps the first line's indentation.
        private static func trimmedPreformatted(_ string: String) -> String {
            let scalars = string.unicodeScalars
            guard let firstVisible = scalars.firstIndex(where: { $0 != " " && $0 != "\n" }),
                  let last = scalars.lastIndex(where: { $0 != " " && $0 != "\n" }) else { return "" }
            let lineStart = scalars[..<firstVisible].lastIndex(of: "\n").map { scalars.index(after: $0) }
                ?? scalars.startIndex
            return String(scalars[lineStart...last])
        }
    }
}
