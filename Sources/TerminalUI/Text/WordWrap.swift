/// Greedy word wrapping by terminal column width.

extension String {
    /// This text broken into lines no wider than `width` columns.
    ///
    /// Words are separated by spaces (U+0020). Spaces are kept inside a line but
    /// dropped where a line breaks. A word wider than a whole line is broken
    /// between grapheme clusters, which is also how text without spaces (Chinese,
    /// Japanese) wraps; it starts on the current line if any room is left there.
    /// Line breaks already in the text are kept. A `width` below 1 is treated as 1;
    /// at width 1 a two-column character cannot fit and is shown as `…` instead.
    /// An empty string yields one empty line.
    public func wrapped(toWidth width: Int) -> [String] {
        let width = Swift.max(width, 1)
        // Nothing plain holds a line break, and text without one that fits is its own only line.
        if Sanitizer.isPlainText(self), fits(inWidth: width) { return [self] }
        return wrappedWordByWord(toWidth: width)
    }

    /// How many lines ``wrapped(toWidth:)`` gives, counted without making them where the text
    /// is one column per scalar.
    public func wrappedLineCount(toWidth width: Int) -> Int {
        let width = Swift.max(width, 1)
        if Sanitizer.isPlainText(self), fits(inWidth: width) { return 1 }
        guard isOneColumnPerScalar else { return wrappedWordByWord(toWidth: width).count }
        return withUTF8Bytes { ScalarLineBreaker.lines(of: $0, width: width).count }
    }

    /// ``wrapped(toWidth:)`` laid out a word at a time, even when the text fits as it is.
    func wrappedWordByWord(toWidth width: Int) -> [String] {
        let width = Swift.max(width, 1)
        // Text of one-column scalars holds no line break, so it is one paragraph.
        if isOneColumnPerScalar {
            return withUTF8Bytes { bytes in
                ScalarLineBreaker.lines(of: bytes, width: width).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
        }
        return split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { paragraph in
            var wrapper = LineWrapper(width: width)
            return wrapper.wrap(paragraph, byScalars: paragraph.isOneColumnPerScalar)
        }
    }
}

extension String {
    /// `body` given the text's UTF-8 bytes where they are, or a copy where they aren't together.
    fileprivate func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        utf8.withContiguousStorageIfAvailable(body) ?? Array(utf8).withUnsafeBufferPointer(body)
    }
}

/// Accumulates one paragraph into lines.
private struct LineWrapper {
    let width: Int
    private var lines: [String] = []
    private var line = ""
    private var lineWidth = 0
    /// Spaces seen since the last word; placed only once the next word shows they fit.
    /// Only U+0020 is ever pending, one byte and one column each.
    private var pendingSpaces = ""

    init(width: Int) {
        self.width = width
    }

    /// Lines of `paragraph`; `byScalars` where it ``isOneColumnPerScalar``, so its words are
    /// found and measured by their bytes and scalars.
    mutating func wrap(_ paragraph: Substring, byScalars: Bool) -> [String] {
        var rest = paragraph[...]
        while !rest.isEmpty {
            let (run, isSpace) = byScalars ? Self.leadingByteRun(of: rest) : Self.leadingRun(of: rest)
            rest = rest[run.endIndex...]
            if isSpace {
                pendingSpaces += run
            } else {
                place(word: run, columns: byScalars ? run.scalarCount : run.displayWidth)
            }
        }
        // Trailing spaces are not a wrap point; keep what fits of them.
        let trailing = Swift.min(pendingSpaces.utf8.count, Swift.max(0, width - lineWidth))
        append(String(repeating: " ", count: trailing), columns: trailing)
        lines.append(line)
        return lines
    }

    /// The spaces, or the word, that `text` starts with, and which of the two it is.
    private static func leadingRun(of text: Substring) -> (run: Substring, isSpace: Bool) {
        let isSpace = text.first == " "
        return (text.prefix { ($0 == " ") == isSpace }, isSpace)
    }

    /// ``leadingRun(of:)`` for text of one-column scalars, where a space byte is always a `Character`
    /// and no cluster spans one.
    private static func leadingByteRun(of text: Substring) -> (run: Substring, isSpace: Bool) {
        let isSpace = text.utf8.first == 0x20
        let end = text.utf8.firstIndex { ($0 == 0x20) != isSpace } ?? text.endIndex
        return (text[..<end], isSpace)
    }

    private mutating func place(word: Substring, columns wordWidth: Int) {
        let spacesWidth = pendingSpaces.utf8.count
        if lineWidth + spacesWidth + wordWidth <= width {
            append(pendingSpaces, columns: spacesWidth)
            append(String(word), columns: wordWidth)
        } else if wordWidth <= width {
            breakLine()
            append(String(word), columns: wordWidth)
        } else {
            // Too long for any line: fill what is left of this one, then continue.
            if lineWidth + spacesWidth < width {
                append(pendingSpaces, columns: spacesWidth)
            } else {
                breakLine()
            }
            for character in word {
                placeBreaking(character)
            }
        }
        pendingSpaces = ""
    }

    private mutating func placeBreaking(_ character: Character) {
        let columns = character.displayWidth
        if lineWidth + columns > width, lineWidth > 0 {
            breakLine()
        }
        if columns > width {
            let shown = String(character).truncated(toWidth: width)
            append(shown, columns: shown.displayWidth)
        } else {
            append(String(character), columns: columns)
        }
    }

    /// Adds `text` to the line; `columns` is its width, which every caller has measured already.
    private mutating func append(_ text: String, columns: Int) {
        line += text
        lineWidth += columns
    }

    /// Ends the current line; spaces waiting before the next word are dropped at the break.
    private mutating func breakLine() {
        pendingSpaces = ""
        // Only leading spaces were pending, so there is no line to end yet.
        guard !line.isEmpty else { return }
        lines.append(line)
        line = ""
        lineWidth = 0
    }
}
