/// Word wrapping of text whose every scalar is one column and a character of its own
/// (``StringProtocol/isOneColumnPerScalar``), done on its UTF-8 bytes.
///
/// It breaks exactly where the word-by-word wrapper does, and every line it makes is a run of
/// the text's own bytes, so it gives the lines as byte ranges: a long syllabus is counted in
/// lines without a string made for any of them, and only the lines drawn are made.
struct ScalarLineBreaker {
    let width: Int
    private(set) var lines: [Range<Int>] = []
    /// The line being filled; nil while it is empty.
    private var line: Range<Int>?
    private var lineWidth = 0
    /// The spaces since the last word, placed only once the next word shows they fit.
    private var pending: Range<Int>?

    /// The lines of `bytes`, one paragraph, at `width` columns (at least 1).
    static func lines(of bytes: UnsafeBufferPointer<UInt8>, width: Int) -> [Range<Int>] {
        var breaker = ScalarLineBreaker(width: Swift.max(width, 1))
        breaker.wrap(bytes)
        return breaker.lines
    }

    private init(width: Int) {
        self.width = width
    }

    private mutating func wrap(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count {
            let isSpace = bytes[start] == 0x20
            var end = start + 1
            while end < bytes.count, (bytes[end] == 0x20) == isSpace { end += 1 }
            if isSpace {
                pending = start..<end
            } else {
                place(word: start..<end, in: bytes)
            }
            start = end
        }
        // Trailing spaces are not a wrap point; keep what fits of them.
        if let pending {
            let trailing = Swift.min(pending.count, Swift.max(0, width - lineWidth))
            extend(to: pending.lowerBound + trailing, from: pending.lowerBound, columns: trailing)
        }
        lines.append(line ?? bytes.count..<bytes.count)
    }

    private mutating func place(word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
        let spaces = pending?.count ?? 0
        let columns = Self.scalars(in: word, of: bytes)
        if lineWidth + spaces + columns <= width {
            extend(to: word.upperBound, from: pending?.lowerBound ?? word.lowerBound, columns: spaces + columns)
        } else if columns <= width {
            breakLine()
            extend(to: word.upperBound, from: word.lowerBound, columns: columns)
        } else {
            // Too long for any line: fill what is left of this one, then continue a scalar at a time.
            if lineWidth + spaces < width, let pending {
                extend(to: pending.upperBound, from: pending.lowerBound, columns: spaces)
            } else if lineWidth + spaces >= width {
                breakLine()
            }
            var index = word.lowerBound
            while index < word.upperBound {
                var next = index + 1
                while next < word.upperBound, bytes[next] & 0xC0 == 0x80 { next += 1 }
                if lineWidth + 1 > width, lineWidth > 0 { breakLine() }
                extend(to: next, from: index, columns: 1)
                index = next
            }
        }
        pending = nil
    }

    /// Adds the bytes up to `end` to the line; `start` is where they begin when the line is empty.
    private mutating func extend(to end: Int, from start: Int, columns: Int) {
        guard end > start || line != nil else { return }
        line = (line?.lowerBound ?? start)..<end
        lineWidth += columns
    }

    /// Ends the line; spaces waiting before the next word are dropped at the break.
    private mutating func breakLine() {
        pending = nil
        guard let line else { return }
        lines.append(line)
        self.line = nil
        lineWidth = 0
    }

    private static func scalars(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
