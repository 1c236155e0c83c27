extension HTMLText {
    /// A run of text or a single tag, as produced by `Tokenizer`.
    enum Token {
        /// Text with its references decoded, as UTF-8.
        case text(ArraySlice<UInt8>)
        case startTag(name: String, attributes: [String: String], selfClosing: Bool)
        case endTag(name: String)
    }

    /// A small, forgiving HTML tokenizer modelled on the browser one, minus most of its error tables.
    ///
    /// It reads the UTF-8 bytes of the input: all markup is ASCII, so text between tags is passed
    /// on as a copy of its bytes, never decoded scalar by scalar.
    struct Tokenizer: Sendable {
        /// The document, whose UTF-8 bytes are read in place rather than copied: a syllabus can be
        /// megabytes, and the string is often kept elsewhere too.
        private let source: String
        private var position = 0
        /// How many bytes the input holds.
        let count: Int
        /// The most bytes one text token reads: text with no tag for megabytes still comes in
        /// pieces, so a converter's piece and the block it builds stay small.
        static let longestText = 16 * 1024

        init(_ html: String) {
            var source = html
            source.makeContiguousUTF8()
            self.source = source
            count = source.utf8.count
        }

        /// How many bytes of the input have been read.
        var offset: Int { position }

        /// Returns the next token, or `nil` once the input is exhausted.
        mutating func next() -> Token? {
            let start = position
            let read = source.utf8.withContiguousStorageIfAvailable { bytes -> (Token?, Int) in
                var reader = Reader(input: bytes, position: start)
                return (reader.readToken(), reader.position)
            }
            // A contiguous string always offers its storage.
            guard let (token, end) = read else { return nil }
            position = end
            return token
        }
    }

    /// Reads tokens from the bytes of a `Tokenizer`'s document, for as long as one call of `next()`.
    private struct Reader {
        let input: UnsafeBufferPointer<UInt8>
        var position: Int

        mutating func readToken() -> Token? {
            while position < input.count {
                guard startsMarkup(at: position) else { return .text(readText()) }
                if let token = readMarkup() { return token }
                // Comments, doctypes and truncated tags produce no token; keep going.
            }
            return nil
        }

        /// Whether a `<` at `index` opens markup; as in browsers, "a < b" or "<3" is just text.
        private func startsMarkup(at index: Int) -> Bool {
            guard input[index] == UInt8(ascii: "<"), index + 1 < input.count else { return false }
            let next = input[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || Scalars.isASCIILetter(next) { return true }
            return next == UInt8(ascii: "/") && index + 2 < input.count && Scalars.isASCIILetter(input[index + 2])
        }

        /// Reads text up to the next markup, or about `longestText` bytes of it, and decodes its entities.
        private mutating func readText() -> ArraySlice<UInt8> {
            let start = position
            // The first byte is text even when it is a stray "<".
            position += 1
            while position < input.count, !startsMarkup(at: position) {
                position += 1
                if position - start == Tokenizer.longestText, position < input.count {
                    position = textCut(from: start)
                    break
                }
            }
            return Entities.decode(ArraySlice(input[start..<position]))
        }

        /// Where to end a long run of text begun at `start`: after its last whitespace, else before
        /// a reference that may not be complete yet, else between two characters; never inside a
        /// reference or a character, and always past `start`.
        private func textCut(from start: Int) -> Int {
            let run = input[start + 1..<position]
            if let space = run.lastIndex(where: Scalars.isHTMLWhitespace), space - start > Tokenizer.longestText / 2 {
                return space + 1
            }
            // Only letters, digits and "#" may follow a reference's "&" before it ends.
            if let ampersand = run.lastIndex(of: UInt8(ascii: "&")),
               run[(ampersand + 1)...].allSatisfy({ Scalars.isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "#") }) {
                return ampersand
            }
            var boundary = position
            while boundary > start + 1, input[boundary] & 0xC0 == 0x80 {
                boundary -= 1
            }
            return boundary
        }

        /// Reads the markup at a `<`; returns `nil` for markup that yields no token.
        private mutating func readMarkup() -> Token? {
            switch input[position + 1] {
            case UInt8(ascii: "!"):
                skipDeclaration()
                return nil
            case UInt8(ascii: "?"):
                skip(past: UInt8(ascii: ">"))
                return nil
            case UInt8(ascii: "/"):
                return readEndTag()
            default:
                return readStartTag()
            }
        }

        /// Skips a comment or a `<!DOCTYPE …>`-style declaration; an unterminated one swallows the rest.
        private mutating func skipDeclaration() {
            guard matches("<!--", at: position) else {
                skip(past: UInt8(ascii: ">"))
                return
            }
            let body = position + 4
            // "<!-->" and "<!--->" are complete, empty comments in HTML.
            if matches(">", at: body) {
                position = body + 1
            } else if matches("->", at: body) {
                position = body + 2
            } else {
                position = find("-->", from: body).map { $0 + 3 } ?? input.count
            }
        }

        /// Reads `</name …>`; anything after the name is ignored, as browsers do.
        private mutating func readEndTag() -> Token? {
            position += 2
            let name = readTagName()
            guard let close = find(UInt8(ascii: ">"), from: position) else {
                position = input.count
                return nil
            }
            position = close + 1
            return .endTag(name: name)
        }

        /// Reads `<name attr=value …>` or `<name … />`, then skips the content of hidden elements.
        private mutating func readStartTag() -> Token? {
            position += 1
            let name = readTagName()
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                skipWhitespace()
                // Cut off inside the tag: drop it rather than show half a tag as text.
                guard position < input.count else { return nil }
                let byte = input[position]
                if byte == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                if byte == UInt8(ascii: "/") {
                    position += 1
                    if matches(">", at: position) {
                        position += 1
                        selfClosing = true
                        break
                    }
                    continue
                }
                let (key, value) = readAttribute()
                // Browsers keep the first of duplicated attributes.
                if attributes[key] == nil {
                    attributes[key] = value
                }
            }
            if Self.hidesContent(name), !selfClosing {
                skipHiddenContent(of: name)
            }
            return .startTag(name: name, attributes: attributes, selfClosing: selfClosing)
        }

        /// Whether the element's content is never displayed, so it is skipped without being tokenized
        /// (a script may well contain `"<p>"` in a string literal). An `iframe`'s content is raw text
        /// that browsers never show, and `noembed` is only for browsers without embeds.
        ///
        /// Every start tag asks, so the names are compared rather than hashed into a set.
        private static func hidesContent(_ name: String) -> Bool {
            switch name {
            case "script", "style", "template", "title", "iframe", "noembed": true
            default: false
            }
        }

        /// Reads a tag name, lowercased so that `<P>` and `<p>` are the same tag.
        private mutating func readTagName() -> String {
            let start = position
            while position < input.count, !endsName(input[position]) {
                position += 1
            }
            return lowercasedName(start..<position)
        }

        /// Whether `byte` ends a tag name.
        private func endsName(_ byte: UInt8) -> Bool {
            Scalars.isHTMLWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
        }

        /// The name spelled by `range`, ASCII-lowercased; bytes of other scalars are never ASCII letters.
        private func lowercasedName(_ range: Range<Int>) -> String {
            let bytes = input[range]
            guard bytes.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            return String(decoding: bytes.map(Scalars.asciiLowercased), as: UTF8.self)
        }

        /// Reads `name`, `name=value`, `name='value'` or `name="value"`; called on a non-space, non-`>` byte.
        private mutating func readAttribute() -> (String, String) {
            let nameStart = position
            // Always take the first byte so that even a lone "=" makes progress; a name never
            // ends inside a scalar, since every byte that ends it is ASCII.
            position += 1
            while position < input.count, !endsName(input[position]), input[position] != UInt8(ascii: "=") {
                position += 1
            }
            let key = lowercasedName(nameStart..<position)
            skipWhitespace()
            guard matches("=", at: position) else { return (key, "") }
            position += 1
            skipWhitespace()
            guard position < input.count else { return (key, "") }
            let quote = input[position]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let valueStart = position + 1
                guard let valueEnd = find(quote, from: valueStart) else {
                    position = input.count
                    return (key, "")
                }
                position = valueEnd + 1
                return (key, Entities.decodedString(ArraySlice(input[valueStart..<valueEnd])))
            }
            let valueStart = position
            while position < input.count, !Scalars.isHTMLWhitespace(input[position]), input[position] != UInt8(ascii: ">") {
                position += 1
            }
            return (key, Entities.decodedString(ArraySlice(input[valueStart..<position])))
        }

        /// Jumps past the matching end tag of a `script`-like element, or to the end if there is none.
        private mutating func skipHiddenContent(of name: String) {
            let nameBytes = Array(name.utf8)
            var searchFrom = position
            while let candidate = find("</", from: searchFrom) {
                let nameStart = candidate + 2
                let nameEnd = nameStart + nameBytes.count
                if nameEnd <= input.count,
                   zip(input[nameStart..<nameEnd], nameBytes).allSatisfy({ Scalars.asciiLowercased($0) == $1 }),
                   nameEnd == input.count || endsName(input[nameEnd]) {
                    position = find(UInt8(ascii: ">"), from: nameEnd).map { $0 + 1 } ?? input.count
                    return
                }
                searchFrom = nameStart
            }
            position = input.count
        }

        /// Advances past HTML whitespace.
        private mutating func skipWhitespace() {
            while position < input.count, Scalars.isHTMLWhitespace(input[position]) {
                position += 1
            }
        }

        /// Advances past the next `terminator`, or to the end when there is none.
        private mutating func skip(past terminator: UInt8) {
            position = find(terminator, from: position).map { $0 + 1 } ?? input.count
        }

        /// Whether the input spells `literal` at `index`.
        private func matches(_ literal: String, at index: Int) -> Bool {
            var current = index
            for byte in literal.utf8 {
                guard current < input.count, input[current] == byte else { return false }
                current += 1
            }
            return true
        }

        /// The index of the next `byte` at or after `index`.
        private func find(_ byte: UInt8, from index: Int) -> Int? {
            var current = index
            while current < input.count {
                if input[current] == byte { return current }
                current += 1
            }
            return nil
        }

        /// Finds a short literal; the naive scan stays linear because the literals are 2–3 bytes long.
        private func find(_ literal: String, from index: Int) -> Int? {
            guard let first = literal.utf8.first else { return nil }
            var current = index
            while let candidate = find(first, from: current) {
                if matches(literal, at: candidate) { return candidate }
                current = candidate + 1
            }
            return nil
        }
    }
}
