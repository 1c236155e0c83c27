import FoundationEssentials

/// Where and why a JSON text stops being valid JSON.
///
/// Foundation's decoders only say that a file "was not valid JSON" (or give a
/// byte offset), which leaves a person hunting through their catalog by hand.
/// `locate(in:)` rescans the same bytes and names the line, the column and the
/// problem, e.g. `line 3, column 14: unexpected ','`.
///
/// Validation follows the RFC 8259 grammar over UTF-8 text, so it can disagree
/// with Foundation on Linux in both directions: Foundation rejects unpaired
/// `\uD800`-style surrogate escapes, numbers beyond `Double`'s range and nesting
/// deeper than 512, which `locate(in:)` accepts; and Foundation accepts one
/// trailing comma before `]` or `}`, which `locate(in:)` reports.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem; lines end at LF (so CRLF counts once).
    public var line: Int
    /// The 1-based column, counted in `Character`s of that line up to the problem.
    public var column: Int
    /// A short, lower-case English description, e.g. `unexpected ','`.
    public var problem: String

    /// The error as one line: `line 3, column 14: unexpected ','`.
    public var description: String {
        "line \(line), column \(column): \(problem)"
    }

    /// Creates an error at a 1-based `line` and `column`.
    public init(line: Int, column: Int, problem: String) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// Scans `data` as RFC 8259 JSON and returns the first syntax error, or nil when it is valid.
    ///
    /// A leading UTF-8 byte order mark is skipped and does not count as a column.
    /// Runs in time linear in the size of `data` and without recursion, so very
    /// deeply nested input cannot overflow the stack.
    public static func locate(in data: Data) -> JSONSyntaxError? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> JSONSyntaxError? in
            var scanner = JSONSyntaxScanner(bytes: bytes)
            do throws(JSONSyntaxFailure) {
                try scanner.scanDocument()
                return nil
            } catch {
                let (line, column) = position(of: error.offset, in: bytes, textStart: scanner.textStart)
                return JSONSyntaxError(line: line, column: column, problem: error.problem)
            }
        }
    }

    /// Whether `bytes` are one valid JSON value, a byte order mark not allowed; what a
    /// reader of a document's parts checks each part with.
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, canStartValue(first) else { return false }
        var scanner = JSONSyntaxScanner(bytes: bytes)
        do throws(JSONSyntaxFailure) {
            try scanner.scanDocument()
            return true
        } catch {
            return false
        }
    }

    /// Whether a JSON value can begin with `byte`.
    package static func canStartValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// Turns a byte offset into a 1-based line and `Character` column.
    ///
    /// Done once, after the scan, so the scanner's hot loop need not track lines.
    private static func position(
        of offset: Int,
        in bytes: UnsafeRawBufferPointer,
        textStart: Int
    ) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = textStart
        for index in textStart..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns are what a person counts in an editor, so "Lập" is three, not four bytes.
        let prefix = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<offset])
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        return (line, column)
    }
}

/// The first problem found, as a byte offset; converted to line and column only once.
private struct JSONSyntaxFailure: Error {
    package var offset: Int
    package var problem: String
}

/// A validating JSON scanner that keeps open containers on an explicit stack.
private struct JSONSyntaxScanner {
    private enum Container {
        case array
        case object
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    /// Where the JSON text starts: 3 when a byte order mark precedes it.
    private(set) var textStart = 0

    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            textStart = 3
        }
        offset = textStart
    }

    /// Validates the whole text: exactly one value, surrounded only by whitespace.
    package mutating func scanDocument() throws(JSONSyntaxFailure) {
        // An explicit stack instead of recursion: a file of 100000 '[' must not crash us.
        var open: [Container] = []

        nextValue: while true {
            if let container = try scanValueOrOpenContainer() {
                open.append(container)
                continue nextValue
            }
            // A value just ended: close containers until one wants another member.
            while let container = open.last {
                skipWhitespace()
                guard offset < bytes.count else { throw endOfFile() }
                switch (container, bytes[offset]) {
                case (.array, UInt8(ascii: ",")):
                    try scanComma(closer: UInt8(ascii: "]"))
                    continue nextValue
                case (.object, UInt8(ascii: ",")):
                    try scanComma(closer: UInt8(ascii: "}"))
                    try scanKeyAndColon()
                    continue nextValue
                case (.array, UInt8(ascii: "]")), (.object, UInt8(ascii: "}")):
                    offset += 1
                    open.removeLast()
                case (.array, _):
                    throw JSONSyntaxFailure(offset: offset, problem: "expected ',' or ']'" + commentHint())
                case (.object, _):
                    throw JSONSyntaxFailure(offset: offset, problem: "expected ',' or '}'" + commentHint())
                }
            }
            skipWhitespace()
            if offset < bytes.count {
                throw JSONSyntaxFailure(offset: offset, problem: "trailing characters after the JSON value" + commentHint())
            }
            return
        }
    }

    /// Scans a whole scalar or empty container and returns nil, or opens a
    /// non-empty container (through its first key, for an object) and returns it.
    private mutating func scanValueOrOpenContainer() throws(JSONSyntaxFailure) -> Container? {
        skipWhitespace()
        guard offset < bytes.count else { throw endOfFile() }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return nil
            }
            try scanKeyAndColon()
            return .object
        case UInt8(ascii: "["):
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return nil
            }
            return .array
        case UInt8(ascii: "\""):
            try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
        case UInt8(ascii: "t"):
            try scanLiteral("true")
        case UInt8(ascii: "f"):
            try scanLiteral("false")
        case UInt8(ascii: "n"):
            try scanLiteral("null")
        default:
            throw unexpectedByte(hint: "strings need double quotes")
        }
        return nil
    }

    /// Consumes a ',' and rejects a trailing comma, which is the most common hand-editing slip.
    private mutating func scanComma(closer: UInt8) throws(JSONSyntaxFailure) {
        let comma = offset
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == closer {
            throw JSONSyntaxFailure(offset: comma, problem: "trailing comma before '\(Character(Unicode.Scalar(closer)))'")
        }
    }

    /// Scans an object key and the ':' after it, leaving the scanner at the member's value.
    private mutating func scanKeyAndColon() throws(JSONSyntaxFailure) {
        skipWhitespace()
        guard offset < bytes.count else { throw endOfFile() }
        guard bytes[offset] == UInt8(ascii: "\"") else {
            throw unexpectedByte(hint: "object keys need double quotes")
        }
        try scanString()
        skipWhitespace()
        guard offset < bytes.count else { throw endOfFile() }
        guard bytes[offset] == UInt8(ascii: ":") else {
            throw JSONSyntaxFailure(offset: offset, problem: "expected ':' after object key")
        }
        offset += 1
    }

    /// Scans a string from its opening quote through its closing quote.
    private mutating func scanString() throws(JSONSyntaxFailure) {
        let openingQuote = offset
        offset += 1
        while offset < bytes.count {
            offset = JSONPlainText.textEnd(in: bytes, from: offset)
            guard offset < bytes.count else { break }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return
            case UInt8(ascii: "\\"):
                try scanEscape(openingQuote: openingQuote)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // A line break inside a string almost always means a missing closing quote.
                throw JSONSyntaxFailure(offset: openingQuote, problem: "unterminated string")
            case ..<0x20:
                throw JSONSyntaxFailure(offset: offset, problem: "control character in string (\(Self.codePoint(UInt32(byte))))")
            case 0x80...:
                guard let length = utf8SequenceLength(at: offset) else { throw invalidUTF8() }
                offset += length
            default:
                offset += 1
            }
        }
        // Pointing at the end of the file would not help; the opening quote is what lacks a partner.
        throw JSONSyntaxFailure(offset: openingQuote, problem: "unterminated string")
    }

    /// Scans one backslash escape inside a string.
    private mutating func scanEscape(openingQuote: Int) throws(JSONSyntaxFailure) {
        let backslash = offset
        offset += 1
        guard offset < bytes.count else {
            throw JSONSyntaxFailure(offset: openingQuote, problem: "unterminated string")
        }
        let escaped = bytes[offset]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"),
             UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 1
        case UInt8(ascii: "u"):
            offset += 1
            for _ in 0..<4 {
                guard offset < bytes.count else {
                    throw JSONSyntaxFailure(offset: openingQuote, problem: "unterminated string")
                }
                guard Self.isHexDigit(bytes[offset]) else {
                    throw JSONSyntaxFailure(offset: backslash, problem: "invalid escape \\u (expected 4 hex digits)")
                }
                offset += 1
            }
        case 0x21...0x7E:
            throw JSONSyntaxFailure(offset: backslash, problem: "invalid escape \\\(Character(Unicode.Scalar(escaped)))")
        default:
            throw JSONSyntaxFailure(offset: backslash, problem: "invalid escape (backslash followed by \(describe(at: offset)))")
        }
    }

    /// Scans a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// Every failure points at the number's first character, since people fix numbers whole.
    private mutating func scanNumber() throws(JSONSyntaxFailure) {
        let start = offset
        let invalid = JSONSyntaxFailure(offset: start, problem: "invalid number")
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
        }
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw invalid }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            // "01" is not two values but a forbidden leading zero.
            if offset < bytes.count, Self.isDigit(bytes[offset]) { throw invalid }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw invalid }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw invalid }
            skipDigits()
        }
    }

    /// Scans `true`, `false` or `null`, whose first byte is already known to match.
    private mutating func scanLiteral(_ literal: StaticString) throws(JSONSyntaxFailure) {
        let start = offset
        let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count else { throw endOfFile() }
            guard bytes[offset] == byte else {
                throw JSONSyntaxFailure(offset: start, problem: "invalid literal (expected '\(literal)')")
            }
            offset += 1
        }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                offset += 1
            default:
                return
            }
        }
    }

    private mutating func skipDigits() {
        while offset < bytes.count, Self.isDigit(bytes[offset]) {
            offset += 1
        }
    }

    private func endOfFile() -> JSONSyntaxFailure {
        JSONSyntaxFailure(offset: bytes.count, problem: "unexpected end of file")
    }

    private func invalidUTF8() -> JSONSyntaxFailure {
        // Only bytes from 0x80 up get here, so the hex is always two digits.
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        return JSONSyntaxFailure(offset: offset, problem: "invalid UTF-8 (byte 0x\(hex))")
    }

    /// The failure for a byte that cannot start what was expected here.
    ///
    /// `hint` explains a single quote, the usual reason one turns up where a string belongs.
    private func unexpectedByte(hint: String) -> JSONSyntaxFailure {
        let byte = bytes[offset]
        if byte >= 0x80, utf8SequenceLength(at: offset) == nil {
            return invalidUTF8()
        }
        var problem = "unexpected \(describe(at: offset))"
        if byte == UInt8(ascii: "'") {
            problem += " (\(hint))"
        }
        return JSONSyntaxFailure(offset: offset, problem: problem + commentHint())
    }

    /// Explains a `//` or `/*` at the current offset, or returns "".
    ///
    /// JSON-with-comments is common in configuration files, so people need to be told why '/' is wrong.
    private func commentHint() -> String {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/"),
              bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
        else { return "" }
        return " (comments are not allowed in JSON)"
    }

    /// The character at `index` as shown in a message: `'x'`, or `U+0009` when quoting it would not be legible.
    private func describe(at index: Int) -> String {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "'"):
            return "\"'\""
        case 0x21...0x7E:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case ..<0x80:
            return Self.codePoint(UInt32(byte))
        default:
            guard let length = utf8SequenceLength(at: index) else {
                return "0x" + String(byte, radix: 16, uppercase: true)
            }
            var scalar = UInt32(byte) & (0xFF >> (length + 1))
            for next in bytes[(index + 1)..<(index + length)] {
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            return Self.codePoint(scalar)
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or nil if it is ill-formed.
    ///
    /// Follows the Unicode table of well-formed sequences, so overlong forms and
    /// encoded surrogates are rejected, as Foundation rejects them.
    private func utf8SequenceLength(at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        for continuation in bytes[(index + 2)..<(index + length)] where continuation & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
