/// Makes untrusted text safe to draw on a terminal.
///
/// Course data comes from files we do not control. Escape sequences in it could
/// recolour the screen, move the cursor, retitle the window or worse, and bidi
/// overrides can make text read differently from what it contains
/// ("Trojan Source"). Everything is handled per Unicode scalar, because a
/// `Character` may hide a control inside it (CR LF is a single cluster).
public enum Sanitizer {
    /// `text` as a single drawable line: escape sequences and control characters
    /// removed, line breaks and tabs turned into one space each.
    public static func clean(_ text: String) -> String {
        if isPlainText(text) { return text }
        var scrubber = Scrubber(tab: " ")
        return scrubber.scrub(text.unicodeScalars)
    }

    /// `text` itself, or its first `limit` scalars and `…` when it is longer.
    ///
    /// Drawing measures and cleans what it is given; cutting first keeps a 10 MB name as
    /// cheap to draw as a short one. The limit is in scalars, far more than any screen
    /// shows, so only text that would be cut anyway loses anything.
    public static func cut(_ text: String, limit: Int = 4096) -> String {
        // No more bytes than the limit means no more scalars either, and the count is at hand.
        if text.utf8.count <= limit { return text }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return text }
        return String(scalars[..<end]) + "…"
    }

    /// `text` split into lines at `\n` and `\r\n`, each line cleaned as by
    /// ``clean(_:)`` except that a tab becomes four spaces.
    ///
    /// A trailing line break yields a trailing empty line, and an empty string one
    /// empty line, so the line count always matches the breaks in the input.
    public static func cleanLines(_ text: String) -> [String] {
        if text.isPrintableASCII { return [text] }
        var lines: [String] = []
        var lineStart = text.startIndex
        // Line breaks are found by byte; LF and CR are whole scalars, so a line's ends are
        // scalar boundaries even where LF would end a CR LF cluster.
        while let newline = text.utf8[lineStart...].firstIndex(of: 0x0A) {
            var lineEnd = newline
            if lineEnd > lineStart, text.utf8[text.utf8.index(before: lineEnd)] == 0x0D {
                lineEnd = text.utf8.index(before: lineEnd)
            }
            lines.append(cleanLine(text[lineStart..<lineEnd]))
            lineStart = text.utf8.index(after: newline)
        }
        lines.append(cleanLine(text[lineStart...]))
        return lines
    }

    /// Whether a terminal acts on `scalar` rather than showing it: DEL and the C1 controls
    /// (an 8-bit CSI or OSC), or a bidirectional embedding, override or isolate.
    public static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether cleaning `text` would give back `text` itself: nothing in it to drop or replace.
    static func isPlainText(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { Scrubber.isPlainText(utf8: $0) }
            ?? text.unicodeScalars.allSatisfy(Scrubber.isPlainText)
    }

    /// One line, without its line break, cleaned by a scrubber of its own: a sequence
    /// left open must not swallow later lines.
    private static func cleanLine(_ line: Substring) -> String {
        if isPlainText(line) { return String(line) }
        var scrubber = Scrubber(tab: "    ")
        return scrubber.scrub(line.unicodeScalars)
    }
}
