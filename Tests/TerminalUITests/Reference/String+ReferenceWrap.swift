@testable import TerminalUI

/// Word wrapping done the plain way, a `Character` at a time with the reference widths.
///
/// This is what `wrapped(toWidth:)` did before it had its shortcuts; the tests hold it to this.
extension String {
    /// ``wrapped(toWidth:)`` as it was, every paragraph split and every word measured.
    func referenceWrapped(toWidth width: Int) -> [String] {
        let width = Swift.max(width, 1)
        return split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .flatMap { paragraph in
                var wrapper = ReferenceLineWrapper(width: width)
                return wrapper.wrap(paragraph)
            }
    }
}

/// Accumulates one paragraph into lines, as `LineWrapper` did.
private struct ReferenceLineWrapper {
    let width: Int
    private var lines: [String] = []
    private var line = ""
    private var lineWidth = 0
    /// Spaces seen since the last word; placed only once the next word shows they fit.
    private var pendingSpaces = ""

    init(width: Int) {
        self.width = width
    }

    mutating func wrap(_ paragraph: Substring) -> [String] {
        var rest = paragraph[...]
        while let first = rest.first {
            let isSpace = first == " "
            let run = rest.prefix { ($0 == " ") == isSpace }
            rest = rest[run.endIndex...]
            if isSpace {
                pendingSpaces += run
            } else {
                place(word: run)
            }
        }
        // Trailing spaces are not a wrap point; keep what fits of them.
        append(String(pendingSpaces.prefix(Swift.max(0, width - lineWidth))))
        lines.append(line)
        return lines
    }

    private mutating func place(word: Substring) {
        let wordWidth = word.referenceDisplayWidth
        let spacesWidth = pendingSpaces.count
        if lineWidth + spacesWidth + wordWidth <= width {
            append(pendingSpaces)
            append(String(word))
        } else if wordWidth <= width {
            breakLine()
            append(String(word))
        } else {
            // Too long for any line: fill what is left of this one, then continue.
            if lineWidth + spacesWidth < width {
                append(pendingSpaces)
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
        let columns = character.referenceDisplayWidth
        if lineWidth + columns > width, lineWidth > 0 {
            breakLine()
        }
        if columns > width {
            append(String(character).referenceTruncated(toWidth: width))
        } else {
            append(String(character))
        }
    }

    private mutating func append(_ text: String) {
        line += text
        lineWidth += text.referenceDisplayWidth
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
