extension HTMLText {
    /// Accumulates the text of the block being built, collapsing whitespace as a browser would.
    ///
    /// The text is kept as UTF-8 bytes and becomes a `String` once, when the block is taken, so
    /// appending is amortised O(1) per byte and building even a huge block stays linear.
    struct LineBuffer {
        /// Tab stops for preformatted text; terminals and browsers both default to 8.
        private static let tabWidth = 8
        private static let space = UInt8(ascii: " ")
        private static let newline = UInt8(ascii: "\n")

        private var utf8: [UInt8] = []
        /// Whitespace seen in flow text but not yet written, so it never ends up leading or trailing.
        private var pendingSpace = false
        private var trailingNewlines = 0
        /// The column in scalars, for tab stops.
        private var column = 0
        private var afterCarriageReturn = false
        private var controls = ControlFilter()

        /// The size of the text so far; used to remember where a link's label starts.
        var utf8Count: Int { utf8.count }

        /// The text appended since `utf8Count` was `offset`.
        func text(since offset: Int) -> String {
            guard (0...utf8.count).contains(offset) else { return "" }
            return String(decoding: utf8[offset...], as: UTF8.self)
        }

        /// Whether anything but whitespace was appended since `utf8Count` was `offset`.
        func hasText(since offset: Int) -> Bool {
            guard (0...utf8.count).contains(offset) else { return false }
            return utf8.withUnsafeBufferPointer { buffer in
                let range = Self.trimmedRange(of: buffer, from: offset)
                return !range.isEmpty
            }
        }

        /// Appends normal-flow text: runs of whitespace become one space, control codes and sequences are dropped.
        mutating func appendFlow(_ text: String) {
            var text = text
            text.withUTF8 { appendFlow($0) }
        }

        /// Appends normal-flow UTF-8 text.
        mutating func appendFlow(_ text: ArraySlice<UInt8>) {
            text.withUnsafeBufferPointer { appendFlow($0) }
        }

        /// Appends `pre` text verbatim, except that line endings become `"\n"` and tabs become spaces.
        mutating func appendPreformatted(_ text: String) {
            var text = text
            text.withUTF8 { appendPreformatted($0) }
        }

        /// Appends preformatted UTF-8 text.
        mutating func appendPreformatted(_ text: ArraySlice<UInt8>) {
            text.withUnsafeBufferPointer { appendPreformatted($0) }
        }

        /// Separates inline content (table cells, blocks flattened into a cell) by at most one space.
        mutating func softSpace() {
            pendingSpace = true
        }

        /// Starts a new line unless the text is empty or already ends with one.
        mutating func softBreak() {
            pendingSpace = false
            guard !utf8.isEmpty, trailingNewlines == 0 else { return }
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
            let result = utf8.withUnsafeBufferPointer { buffer in
                let range = preformatted ? Self.trimmedPreformattedRange(of: buffer) : Self.trimmedRange(of: buffer, from: 0)
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            self = LineBuffer()
            return result
        }

        /// One part of a block cut for length: its text, trimmed, and the whitespace its cut took out.
        struct Part {
            var text: String
            var separator: String
        }

        /// Takes parts of at most `limit` bytes off the front while more than `limit` bytes are
        /// left, and keeps the rest: the block being built is cut, in one pass however long it is.
        ///
        /// Each part ends at the last break within its `limit` bytes: a space or a line break in
        /// flow text, a line break in preformatted text; where the second half of those bytes has
        /// none (a run of CJK, a giant word), the cut falls between two scalars. Returns the parts
        /// and how many bytes left the buffer.
        mutating func takeParts(upTo limit: Int, preformatted: Bool) -> (parts: [Part], removed: Int) {
            guard utf8.count > limit, limit > 1 else { return ([], 0) }
            let (parts, removed) = utf8.withUnsafeBufferPointer { buffer -> ([Part], Int) in
                var parts: [Part] = []
                var start = 0
                while buffer.count - start > limit {
                    let rest = UnsafeBufferPointer(rebasing: buffer[start...])
                    let (end, resume) = Self.cutPoint(in: rest, upTo: limit, preformatted: preformatted)
                    let taken = UnsafeBufferPointer(rebasing: rest[0..<end])
                    let range = preformatted ? Self.trimmedPreformattedRange(of: taken) : Self.trimmedRange(of: taken, from: 0)
                    parts.append(Part(text: String(decoding: UnsafeBufferPointer(rebasing: taken[range]), as: UTF8.self),
                                      separator: String(decoding: UnsafeBufferPointer(rebasing: rest[range.upperBound..<resume]), as: UTF8.self)))
                    start += resume
                }
                return (parts, start)
            }
            utf8.removeSubrange(0..<removed)
            return (parts, removed)
        }

        /// Where to cut the first `limit` bytes of `utf8`, which holds more: the text taken ends at
        /// `end`, the text kept starts at `resume`.
        private static func cutPoint(in utf8: UnsafeBufferPointer<UInt8>, upTo limit: Int, preformatted: Bool) -> (end: Int, resume: Int) {
            let isBreak = { (byte: UInt8) in byte == newline || (!preformatted && byte == space) }
            if let breakAt = utf8[limit / 2...limit].lastIndex(where: isBreak) {
                return (breakAt, resumption(after: breakAt, in: utf8, preformatted: preformatted))
            }
            var boundary = limit
            while boundary > 0, utf8[boundary] & 0xC0 == 0x80 {
                boundary -= 1
            }
            return (boundary, boundary)
        }

        /// Where the text kept after a cut at `breakAt` starts: past everything its own trimming
        /// would drop, so the cut's separator holds it and no whitespace is lost. In flow text that
        /// is every space and line break; in preformatted text, the blank lines, but not the
        /// indentation of the first line with text.
        private static func resumption(after breakAt: Int, in utf8: UnsafeBufferPointer<UInt8>, preformatted: Bool) -> Int {
            var scan = breakAt
            var resume = breakAt + 1
            while scan < utf8.count, utf8[scan] == space || utf8[scan] == newline {
                scan += 1
                if !preformatted || utf8[scan - 1] == newline { resume = scan }
            }
            return resume
        }

        /// Trims spaces and newlines at both ends.
        static func trimmed(_ string: String) -> String {
            var string = string
            return string.withUTF8 { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[trimmedRange(of: buffer, from: 0)]), as: UTF8.self)
            }
        }

        // MARK: Appending

        /// Appends flow text scalar by scalar, except that runs of ordinary scalars are copied whole.
        private mutating func appendFlow(_ text: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < text.count {
                if controls.isIdle {
                    let runEnd = Scalars.plainRunEnd(in: text, from: index)
                    if runEnd > index {
                        appendFlowVisible(UnsafeBufferPointer(rebasing: text[index..<runEnd]))
                        index = runEnd
                        continue
                    }
                }
                let (scalar, length) = Scalars.decode(text, at: index)
                if !controls.swallows(scalar) {
                    if Scalars.isCollapsibleSpace(scalar) {
                        pendingSpace = true
                    } else if !Scalars.isUnprintable(scalar) {
                        appendFlowVisible(UnsafeBufferPointer(rebasing: text[index..<index + length]))
                    }
                }
                index += length
            }
        }

        /// Appends visible flow text, first writing the space collapsed before it, if any.
        private mutating func appendFlowVisible(_ visible: UnsafeBufferPointer<UInt8>) {
            if pendingSpace, !utf8.isEmpty, trailingNewlines == 0 {
                utf8.append(Self.space)
            }
            pendingSpace = false
            trailingNewlines = 0
            utf8.append(contentsOf: visible)
        }

        /// Appends preformatted text one scalar at a time, since tabs depend on the column.
        private mutating func appendPreformatted(_ text: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < text.count {
                let (scalar, length) = Scalars.decode(text, at: index)
                if !controls.swallows(scalar) {
                    appendPreformatted(scalar, encoded: UnsafeBufferPointer(rebasing: text[index..<index + length]))
                }
                index += length
            }
        }

        /// Appends one scalar of preformatted text that is not part of a control sequence.
        private mutating func appendPreformatted(_ scalar: Unicode.Scalar, encoded: UnsafeBufferPointer<UInt8>) {
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
                utf8.append(contentsOf: repeatElement(Self.space, count: spaces))
                column += spaces
                trailingNewlines = 0
            case "\u{A0}", "\u{202F}":
                appendVisible(CollectionOfOne(Self.space))
            default:
                if !Scalars.isUnprintable(scalar) { appendVisible(encoded) }
            }
        }

        /// Appends the encoding of one printable scalar of preformatted text.
        private mutating func appendVisible(_ encoded: some Collection<UInt8>) {
            utf8.append(contentsOf: encoded)
            column += 1
            trailingNewlines = 0
        }

        /// Appends a line break and resets the tab column.
        private mutating func appendNewline() {
            utf8.append(Self.newline)
            column = 0
            trailingNewlines += 1
        }

        // MARK: Trimming

        /// The bytes from `start` without collapsible spaces at either end.
        private static func trimmedRange(of utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int> {
            var first = start
            while first < utf8.count {
                let (scalar, length) = Scalars.decode(utf8, at: first)
                guard Scalars.isCollapsibleSpace(scalar) else { break }
                first += length
            }
            var end = utf8.count
            while end > first {
                let lastStart = Scalars.scalarStart(in: utf8, before: end)
                guard Scalars.isCollapsibleSpace(Scalars.decode(utf8, at: lastStart).scalar) else { break }
                end = lastStart
            }
            return first..<end
        }

        /// Drops leading blank lines and trailing whitespace but keeps the first line's indentation.
        ///
        /// Spaces and newlines are ASCII, so bytes can be compared directly.
        private static func trimmedPreformattedRange(of utf8: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            let isBlank = { (byte: UInt8) in byte == space || byte == newline }
            guard let firstVisible = utf8.firstIndex(where: { !isBlank($0) }),
                  let last = utf8.lastIndex(where: { !isBlank($0) }) else { return 0..<0 }
            let lineStart = utf8[..<firstVisible].lastIndex(of: newline).map { $0 + 1 } ?? 0
            return lineStart..<last + 1
        }
    }
}
