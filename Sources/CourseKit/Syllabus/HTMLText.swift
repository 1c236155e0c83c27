/// Turns the HTML of a Canvas `syllabus_body` into readable blocks of terminal text.
///
/// Real syllabi come out of rich-text editors and copy-paste from word processors, so the
/// input is treated the way a browser would treat it rather than as XML: unclosed and
/// mis-nested tags are tolerated, a `<` that cannot start a tag is ordinary text, and a tag
/// cut off by the end of the input is dropped instead of leaking into the output.
public enum HTMLText {
    /// Extracts the readable blocks (headings, paragraphs, list items, …) from an HTML fragment.
    ///
    /// Runs in time linear in the input, never traps, and returns `[]` when there is no text.
    /// - Parameter html: Any string; it does not need to be well-formed.
    /// - Returns: The non-empty blocks in document order.
    public static func blocks(from html: String) -> [TextBlock] {
        var tokenizer = Tokenizer(html)
        var builder = BlockBuilder()
        while let token = tokenizer.next() {
            builder.consume(token)
        }
        return builder.finish()
    }
}

// MARK: - Tokens

extension HTMLText {
    /// A run of text or a single tag, as produced by `Tokenizer`.
    private enum Token {
        case text(String)
        case startTag(name: String, attributes: [String: String], selfClosing: Bool)
        case endTag(name: String)
    }

    /// A small, forgiving HTML tokenizer modelled on the browser one, minus most of its error tables.
    private struct Tokenizer {
        /// Elements whose content is never displayed, so it is skipped without being tokenized
        /// (a script may well contain `"<p>"` in a string literal).
        private static let hiddenContentElements: Set<String> = ["script", "style", "template", "title"]

        private let input: [Unicode.Scalar]
        private var position = 0

        init(_ html: String) {
            input = Array(html.unicodeScalars)
        }

        /// Returns the next token, or `nil` once the input is exhausted.
        mutating func next() -> Token? {
            while position < input.count {
                guard startsMarkup(at: position) else { return .text(readText()) }
                if let token = readMarkup() { return token }
                // Comments, doctypes and truncated tags produce no token; keep going.
            }
            return nil
        }

        /// Whether a `<` at `index` opens markup; as in browsers, "a < b" or "<3" is just text.
        private func startsMarkup(at index: Int) -> Bool {
            guard input[index] == "<", index + 1 < input.count else { return false }
            let next = input[index + 1]
            if next == "!" || next == "?" || Scalars.isASCIILetter(next) { return true }
            return next == "/" && index + 2 < input.count && Scalars.isASCIILetter(input[index + 2])
        }

        /// Reads text up to the next markup and decodes its entities.
        private mutating func readText() -> String {
            let start = position
            // The first scalar is text even when it is a stray "<".
            position += 1
            while position < input.count, !startsMarkup(at: position) {
                position += 1
            }
            return Entities.decode(input[start..<position])
        }

        /// Reads the markup at a `<`; returns `nil` for markup that yields no token.
        private mutating func readMarkup() -> Token? {
            switch input[position + 1] {
            case "!":
                skipDeclaration()
                return nil
            case "?":
                skip(past: ">")
                return nil
            case "/":
                return readEndTag()
            default:
                return readStartTag()
            }
        }

        /// Skips a comment or a `<!DOCTYPE …>`-style declaration; an unterminated one swallows the rest.
        private mutating func skipDeclaration() {
            guard matches("<!--", at: position) else {
                skip(past: ">")
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
            guard let close = find(">", from: position) else {
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
                let scalar = input[position]
                if scalar == ">" {
                    position += 1
                    break
                }
                if scalar == "/" {
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
            if Self.hiddenContentElements.contains(name), !selfClosing {
                skipHiddenContent(of: name)
            }
            return .startTag(name: name, attributes: attributes, selfClosing: selfClosing)
        }

        /// Reads a tag name, lowercased so that `<P>` and `<p>` are the same tag.
        private mutating func readTagName() -> String {
            var name = String.UnicodeScalarView()
            while position < input.count {
                let scalar = input[position]
                if Scalars.isHTMLWhitespace(scalar) || scalar == "/" || scalar == ">" { break }
                name.append(Scalars.asciiLowercased(scalar))
                position += 1
            }
            return String(name)
        }

        /// Reads `name`, `name=value`, `name='value'` or `name="value"`; called on a non-space, non-`>` scalar.
        private mutating func readAttribute() -> (String, String) {
            var name = String.UnicodeScalarView()
            // Always take the first scalar so that even a lone "=" makes progress.
            name.append(Scalars.asciiLowercased(input[position]))
            position += 1
            while position < input.count {
                let scalar = input[position]
                if Scalars.isHTMLWhitespace(scalar) || scalar == "/" || scalar == ">" || scalar == "=" { break }
                name.append(Scalars.asciiLowercased(scalar))
                position += 1
            }
            let key = String(name)
            skipWhitespace()
            guard matches("=", at: position) else { return (key, "") }
            position += 1
            skipWhitespace()
            guard position < input.count else { return (key, "") }
            let quote = input[position]
            if quote == "\"" || quote == "'" {
                let valueStart = position + 1
                guard let valueEnd = find(quote, from: valueStart) else {
                    position = input.count
                    return (key, "")
                }
                position = valueEnd + 1
                return (key, Entities.decode(input[valueStart..<valueEnd]))
            }
            let valueStart = position
            while position < input.count, !Scalars.isHTMLWhitespace(input[position]), input[position] != ">" {
                position += 1
            }
            return (key, Entities.decode(input[valueStart..<position]))
        }

        /// Jumps past the matching end tag of a `script`-like element, or to the end if there is none.
        private mutating func skipHiddenContent(of name: String) {
            let nameScalars = Array(name.unicodeScalars)
            var searchFrom = position
            while let candidate = find("</", from: searchFrom) {
                let nameStart = candidate + 2
                let nameEnd = nameStart + nameScalars.count
                if nameEnd <= input.count,
                   zip(input[nameStart..<nameEnd], nameScalars).allSatisfy({ Scalars.asciiLowercased($0) == $1 }),
                   nameEnd == input.count || Scalars.isHTMLWhitespace(input[nameEnd])
                    || input[nameEnd] == "/" || input[nameEnd] == ">" {
                    position = find(">", from: nameEnd).map { $0 + 1 } ?? input.count
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
        private mutating func skip(past terminator: Unicode.Scalar) {
            position = find(terminator, from: position).map { $0 + 1 } ?? input.count
        }

        /// Whether the input spells `literal` at `index`.
        private func matches(_ literal: String, at index: Int) -> Bool {
            var current = index
            for scalar in literal.unicodeScalars {
                guard current < input.count, input[current] == scalar else { return false }
                current += 1
            }
            return true
        }

        /// The index of the next `scalar` at or after `index`.
        private func find(_ scalar: Unicode.Scalar, from index: Int) -> Int? {
            var current = index
            while current < input.count {
                if input[current] == scalar { return current }
                current += 1
            }
            return nil
        }

        /// Finds a short literal; the naive scan stays linear because the literals are 2–3 scalars long.
        private func find(_ literal: String, from index: Int) -> Int? {
            guard let first = literal.unicodeScalars.first else { return nil }
            var current = index
            while let candidate = find(first, from: current) {
                if matches(literal, at: candidate) { return candidate }
                current = candidate + 1
            }
            return nil
        }
    }
}

// MARK: - Character classes

extension HTMLText {
    /// Scalar classification shared by the tokenizer, the entity decoder and the line buffer.
    private enum Scalars {
        /// Whether `scalar` is `a`…`z` or `A`…`Z`.
        static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }

        /// Whether `scalar` is an ASCII letter or digit.
        static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            isASCIILetter(scalar) || ("0"..."9").contains(scalar)
        }

        /// Lowercases ASCII letters only; tag and attribute names are ASCII-case-insensitive.
        static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            guard ("A"..."Z").contains(scalar) else { return scalar }
            return Unicode.Scalar(UInt8(scalar.value) + 32)
        }

        /// The whitespace HTML itself recognises inside tags.
        static func isHTMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        /// Whitespace that collapses in normal flow; a literal no-break space counts, like `&nbsp;`.
        static func isCollapsibleSpace(_ scalar: Unicode.Scalar) -> Bool {
            isHTMLWhitespace(scalar) || scalar == "\u{A0}" || scalar == "\u{202F}"
        }

        /// Scalars never sent to the terminal: control codes could drive it (ESC sequences),
        /// and a soft hyphen would be drawn by some terminals.
        static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{AD}"
        }
    }
}

// MARK: - Entities

extension HTMLText {
    /// Decodes character references (`&amp;`, `&#233;`, `&#xE9;`) in text and attribute values.
    private enum Entities {
        private static let replacementCharacter = "\u{FFFD}"
        /// Longer than any entity name we know, so scanning a bogus `&…` stays cheap.
        private static let maxNameLength = 32

        /// Decodes every well-formed reference; unknown or unterminated ones are left as written.
        static func decode(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            guard scalars.contains("&") else { return String(String.UnicodeScalarView(scalars)) }
            var output = String.UnicodeScalarView()
            var index = scalars.startIndex
            while index < scalars.endIndex {
                if scalars[index] == "&", let reference = reference(in: scalars, at: index) {
                    output.append(contentsOf: reference.text.unicodeScalars)
                    index = reference.end
                } else {
                    output.append(scalars[index])
                    index += 1
                }
            }
            return String(output)
        }

        /// Parses the reference starting at the `&` at `start`, returning its text and the index after `;`.
        private static func reference(
            in scalars: ArraySlice<Unicode.Scalar>, at start: Int
        ) -> (text: String, end: Int)? {
            let afterAmpersand = start + 1
            guard afterAmpersand < scalars.endIndex else { return nil }
            if scalars[afterAmpersand] == "#" {
                return numericReference(in: scalars, at: afterAmpersand + 1)
            }
            var end = afterAmpersand
            while end < scalars.endIndex, end - afterAmpersand < maxNameLength,
                  Scalars.isASCIIAlphanumeric(scalars[end]) {
                end += 1
            }
            guard end > afterAmpersand, end < scalars.endIndex, scalars[end] == ";" else { return nil }
            let name = String(String.UnicodeScalarView(scalars[afterAmpersand..<end]))
            guard let text = named[name] else { return nil }
            return (text, end + 1)
        }

        /// Parses the digits of `&#…;` / `&#x…;` starting at `start` (just after the `#`).
        private static func numericReference(
            in scalars: ArraySlice<Unicode.Scalar>, at start: Int
        ) -> (text: String, end: Int)? {
            var index = start
            let isHex = index < scalars.endIndex && (scalars[index] == "x" || scalars[index] == "X")
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            var tooLarge = false
            while index < scalars.endIndex, let digit = digitValue(scalars[index], hex: isHex) {
                // Stop accumulating once out of Unicode range so absurdly long numbers cannot overflow.
                if !tooLarge {
                    value = value * (isHex ? 16 : 10) + digit
                    tooLarge = value > 0x10FFFF
                }
                index += 1
            }
            guard index > digitsStart, index < scalars.endIndex, scalars[index] == ";" else { return nil }
            return (tooLarge ? replacementCharacter : text(forCodePoint: value), index + 1)
        }

        /// The value of a decimal (or, when `hex`, hexadecimal) digit.
        private static func digitValue(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
            switch scalar {
            case "0"..."9": return scalar.value - 0x30
            case "a"..."f" where hex: return scalar.value - 0x61 + 10
            case "A"..."F" where hex: return scalar.value - 0x41 + 10
            default: return nil
            }
        }

        /// Maps a numeric reference to text the way browsers do, but never to a control code.
        private static func text(forCodePoint value: UInt32) -> String {
            switch value {
            case 0x09, 0x0A, 0x0C, 0x0D:
                return String(Character(Unicode.Scalar(UInt8(value))))
            case 0x80...0x9F:
                // Text pasted from Word often carries Windows-1252 numbers such as &#150; for "–".
                return windows1252[Int(value - 0x80)].map { String(Character($0)) } ?? replacementCharacter
            default:
                guard let scalar = Unicode.Scalar(value), !Scalars.isUnprintable(scalar) else {
                    return replacementCharacter
                }
                return String(Character(scalar))
            }
        }

        /// Windows-1252 characters for 0x80…0x9F; `nil` where that code page has a hole.
        private static let windows1252: [Unicode.Scalar?] = [
            "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
            "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
            nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
            "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
        ]

        /// Names for U+00A0…U+00FF, in code point order (the whole Latin-1 entity set).
        private static let latin1Names = [
            "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect",
            "uml", "copy", "ordf", "laquo", "not", "shy", "reg", "macr",
            "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot",
            "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
            "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
            "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
            "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times",
            "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
            "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
            "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml",
            "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
            "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
        ]

        /// Names for U+0391…U+03C9; `nil` marks U+03A2, which has no character.
        private static let greekNames: [String?] = [
            "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta",
            "Iota", "Kappa", "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi",
            "Rho", nil, "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi",
            "Omega", nil, nil, nil, nil, nil, nil, nil,
            "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
            "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi",
            "rho", "sigmaf", "sigma", "tau", "upsilon", "phi", "chi", "psi",
            "omega",
        ]

        /// Everything else a syllabus plausibly uses: punctuation, arrows and common maths.
        private static let otherNames: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
            "ensp": " ", "emsp": " ", "thinsp": " ",
            "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "", "rlm": "",
            "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "minus": "\u{2212}",
            "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
            "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
            "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "bull": "\u{2022}",
            "dagger": "\u{2020}", "Dagger": "\u{2021}", "permil": "\u{2030}",
            "prime": "\u{2032}", "Prime": "\u{2033}", "trade": "\u{2122}", "euro": "\u{20AC}",
            "OElig": "\u{0152}", "oelig": "\u{0153}", "Scaron": "\u{0160}", "scaron": "\u{0161}",
            "Yuml": "\u{0178}", "fnof": "\u{0192}", "circ": "\u{02C6}", "tilde": "\u{02DC}",
            "larr": "\u{2190}", "uarr": "\u{2191}", "rarr": "\u{2192}", "darr": "\u{2193}",
            "harr": "\u{2194}", "lArr": "\u{21D0}", "rArr": "\u{21D2}", "hArr": "\u{21D4}",
            "le": "\u{2264}", "ge": "\u{2265}", "ne": "\u{2260}", "asymp": "\u{2248}",
            "equiv": "\u{2261}", "infin": "\u{221E}", "sum": "\u{2211}", "prod": "\u{220F}",
            "radic": "\u{221A}", "part": "\u{2202}", "int": "\u{222B}", "nabla": "\u{2207}",
            "forall": "\u{2200}", "exist": "\u{2203}", "empty": "\u{2205}", "isin": "\u{2208}",
            "notin": "\u{2209}", "cap": "\u{2229}", "cup": "\u{222A}", "sub": "\u{2282}",
            "sup": "\u{2283}", "sube": "\u{2286}", "supe": "\u{2287}", "and": "\u{2227}",
            "or": "\u{2228}", "there4": "\u{2234}", "sdot": "\u{22C5}", "deg": "\u{00B0}",
            "check": "\u{2713}", "cross": "\u{2717}", "star": "\u{2606}", "starf": "\u{2605}",
            "spades": "\u{2660}", "clubs": "\u{2663}", "hearts": "\u{2665}", "diams": "\u{2666}",
        ]

        /// Entity names (case-sensitive, as in HTML) and their text.
        private static let named: [String: String] = {
            var table = otherNames
            for (offset, name) in latin1Names.enumerated() {
                table[name] = String(Character(Unicode.Scalar(UInt8(0xA0 + offset))))
            }
            for (offset, name) in greekNames.enumerated() {
                guard let name, let scalar = Unicode.Scalar(0x391 + UInt32(offset)) else { continue }
                table[name] = String(Character(scalar))
            }
            // A terminal has no use for the no-break property, and soft hyphens are never drawn.
            table["nbsp"] = " "
            table["shy"] = ""
            return table
        }()
    }
}

// MARK: - Line buffer

extension HTMLText {
    /// Accumulates the text of the block being built, collapsing whitespace as a browser would.
    ///
    /// Appending is amortised O(1) per scalar, so building even a huge block stays linear.
    private struct LineBuffer {
        /// Tab stops for preformatted text; terminals and browsers both default to 8.
        private static let tabWidth = 8

        private var text = ""
        /// Whitespace seen in flow text but not yet written, so it never ends up leading or trailing.
        private var pendingSpace = false
        private var trailingNewlines = 0
        private var column = 0
        private var afterCarriageReturn = false

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

        /// Appends normal-flow text: runs of whitespace become one space, control codes are dropped.
        mutating func appendFlow(_ string: String) {
            for scalar in string.unicodeScalars {
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
            for scalar in string.unicodeScalars {
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
                    text.unicodeScalars.append(contentsOf: repeatElement(" ", count: spaces))
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

// MARK: - Block builder

extension HTMLText {
    /// The elements that shape blocks; any other tag only contributes its text.
    private enum Tag: String {
        case p, div, section, article, header, footer, nav, main, aside, figure, figcaption
        case address, center, dl, dt, dd, form, fieldset, legend, details, summary, caption
        case h1, h2, h3, h4, h5, h6
        case ul, ol, menu, li
        case blockquote, pre
        case table, tr, td, th
        case br, hr, img, a

        /// 1…6 for `h1`…`h6`.
        var headingLevel: Int? {
            switch self {
            case .h1: 1
            case .h2: 2
            case .h3: 3
            case .h4: 4
            case .h5: 5
            case .h6: 6
            default: nil
            }
        }
    }

    /// What an open element means for layout.
    private enum Role: Equatable {
        /// A plain block such as `p` or `div`: it separates paragraphs but does not change their kind.
        case flow
        case heading(level: Int)
        case list(ordered: Bool, depth: Int)
        case item(marker: String, depth: Int)
        case quote
        case preformatted
        case table
        case row
        case cell

        /// Whether this is a heading of any level.
        var isHeading: Bool {
            if case .heading = self { return true }
            return false
        }

        /// The nesting depth of a list; 0 for other roles.
        var listDepth: Int {
            if case .list(_, let depth) = self { return depth }
            return 0
        }
    }

    /// The open elements that matter at some point of the document, by index into the stack.
    ///
    /// Each element stores the scope in effect inside it, so every "nearest enclosing …"
    /// question is answered in O(1) instead of by walking the stack.
    private struct Scope {
        /// The nearest non-`flow` element: it decides what a paragraph break means.
        var container: Int?
        /// The nearest element that decides the kind of emitted blocks.
        var kindSource: Int?
        var list: Int?
        /// The open `li` of the nearest list.
        var item: Int?
        var table: Int?
        /// The open `tr` of the nearest table.
        var row: Int?
        /// The open `td`/`th` of the nearest table.
        var cell: Int?
        var inPre = false
    }

    /// An element on the builder's stack of open block elements.
    private struct OpenElement {
        let tag: Tag
        let role: Role
        let scope: Scope
        /// For lists: the number the next `li` receives.
        var nextNumber = 1
        /// For list items: whether a block already carried the marker.
        var markerShown = false
        /// For rows: the text of the cells closed so far.
        var cells: [String] = []
    }

    /// An `<a href>` whose label is still being collected.
    private struct OpenLink {
        let href: String
        /// Where the label starts in the line buffer, as a UTF-8 offset.
        var start: Int
    }

    /// Turns the token stream into blocks, recovering from bad nesting the way browsers roughly do.
    private struct BlockBuilder {
        /// Real syllabi nest a few dozen levels at most; the cap bounds work on pathological input.
        private static let maxOpenElements = 64

        private var blocks: [TextBlock] = []
        private var stack: [OpenElement] = []
        private var line = LineBuffer()
        private var link: OpenLink?

        private var scope: Scope { stack.last?.scope ?? Scope() }
        /// Inside a table cell every block boundary shrinks to a space so the row stays one line.
        private var inCell: Bool { scope.cell != nil }
        private var keepsSpacing: Bool { scope.inPre && scope.cell == nil }

        /// Applies one token to the open elements and the current block.
        mutating func consume(_ token: Token) {
            switch token {
            case .text(let text):
                appendText(text)
            case .startTag(let name, let attributes, let selfClosing):
                if let tag = Tag(rawValue: name) {
                    open(tag, attributes: attributes, selfClosing: selfClosing)
                }
            case .endTag(let name):
                if let tag = Tag(rawValue: name) {
                    close(tag)
                }
            }
        }

        /// Closes whatever is still open and returns all blocks.
        mutating func finish() -> [TextBlock] {
            closeElements(from: 0)
            flush()
            return blocks
        }

        // MARK: Start tags

        /// Handles a start tag of a known element.
        private mutating func open(_ tag: Tag, attributes: [String: String], selfClosing: Bool) {
            switch tag {
            case .br:
                lineBreak()
            case .hr:
                rule()
            case .img:
                appendText(Self.imageText(alt: attributes["alt"]))
            case .a:
                openLink(href: attributes["href"])
                // Other non-void elements ignore "/>" in HTML, but an empty link is worth showing.
                if selfClosing { closeLink() }
            case .ul, .menu:
                openList(tag, ordered: false, attributes: attributes)
            case .ol:
                openList(tag, ordered: true, attributes: attributes)
            case .li:
                openItem(attributes: attributes)
            case .table:
                openBlock(tag, role: .table)
            case .tr:
                openRow()
            case .td, .th:
                openCell(tag)
            case .blockquote:
                openBlock(tag, role: .quote)
            case .pre:
                openBlock(tag, role: .preformatted)
            case .h1, .h2, .h3, .h4, .h5, .h6:
                // Headings cannot nest: "<h1>a<h2>b" is two headings.
                if let top = stack.last, case .heading = top.role {
                    closeElements(from: stack.count - 1)
                }
                openBlock(tag, role: .heading(level: tag.headingLevel ?? 1))
            case .dt, .dd:
                if let top = stack.last, top.tag == .dt || top.tag == .dd {
                    closeElements(from: stack.count - 1)
                }
                openBlock(tag, role: .flow)
            default:
                openBlock(tag, role: .flow)
            }
        }

        /// Ends the current block as the new element requires, then opens it.
        private mutating func openBlock(_ tag: Tag, role: Role) {
            closeOpenParagraph()
            if role == .flow || role.isHeading {
                breakParagraph()
            } else {
                breakStructure()
            }
            push(tag, role: role)
        }

        /// Opens `ul`/`ol`, one level deeper than the enclosing list.
        private mutating func openList(_ tag: Tag, ordered: Bool, attributes: [String: String]) {
            closeOpenParagraph()
            breakStructure()
            let depth = scope.list.map { stack[$0].role.listDepth + 1 } ?? 0
            push(tag, role: .list(ordered: ordered, depth: depth), nextNumber: Self.integer(attributes["start"]) ?? 1)
        }

        /// Opens an `li`, numbering it when its list is ordered.
        private mutating func openItem(attributes: [String: String]) {
            closeOpenParagraph()
            // "<li>a<li>b": a new item implicitly closes the open one of the same list.
            if let item = scope.item {
                closeElements(from: item)
            }
            breakStructure()
            var marker = "•"
            var depth = 0
            if let listIndex = scope.list, case .list(let ordered, let listDepth) = stack[listIndex].role {
                depth = listDepth
                if ordered {
                    let number = Self.integer(attributes["value"]) ?? stack[listIndex].nextNumber
                    marker = "\(number)."
                    stack[listIndex].nextNumber = number == Int.max ? number : number + 1
                }
            }
            push(.li, role: .item(marker: marker, depth: depth))
        }

        /// Opens a `tr`, closing the previous row of the same table.
        private mutating func openRow() {
            closeOpenParagraph()
            // A bare "<tr>" fragment still reads best as a table row.
            if scope.table == nil {
                openBlock(.table, role: .table)
            }
            if let row = scope.row {
                closeElements(from: row)
            }
            // Stray text between rows gets a paragraph of its own.
            breakStructure()
            push(.tr, role: .row)
        }

        /// Opens a `td`/`th`, closing the previous cell and supplying a missing table or row.
        private mutating func openCell(_ tag: Tag) {
            closeOpenParagraph()
            if scope.table == nil {
                openBlock(.table, role: .table)
            }
            if let cell = scope.cell {
                closeElements(from: cell)
            }
            if scope.row == nil {
                breakStructure()
                push(.tr, role: .row)
            }
            // Stray text inside a row but outside any cell still deserves its own column.
            addCell(takeLine())
            push(tag, role: .cell)
        }

        /// Puts an element on the stack with the scope that applies inside it.
        private mutating func push(_ tag: Tag, role: Role, nextNumber: Int = 1) {
            guard stack.count < Self.maxOpenElements else { return }
            let index = stack.count
            var inner = scope
            switch role {
            case .flow:
                break
            case .heading:
                inner.kindSource = index
            case .list:
                inner.container = index
                inner.list = index
                inner.item = nil
            case .item:
                inner.container = index
                inner.kindSource = index
                inner.item = index
            case .quote:
                inner.container = index
                inner.kindSource = index
            case .preformatted:
                inner.container = index
                inner.kindSource = index
                inner.inPre = true
            case .table:
                // A table starts afresh: its cells never belong to an outer list or row.
                inner.container = index
                inner.table = index
                inner.row = nil
                inner.cell = nil
                inner.list = nil
                inner.item = nil
            case .row:
                inner.container = index
                inner.row = index
                inner.cell = nil
            case .cell:
                inner.container = index
                inner.cell = index
            }
            stack.append(OpenElement(tag: tag, role: role, scope: inner, nextNumber: nextNumber))
        }

        // MARK: End tags

        /// Handles an end tag of a known element.
        private mutating func close(_ tag: Tag) {
            switch tag {
            case .br:
                // Browsers treat the common typo "</br>" as "<br>".
                lineBreak()
            case .hr, .img:
                break
            case .a:
                closeLink()
            case .p:
                if let index = lastOpen(where: { $0.tag == .p }) {
                    closeElements(from: index)
                } else {
                    // A lone "</p>" still ends a paragraph in the author's mind (and in browsers).
                    breakParagraph()
                }
            case .li:
                closeElements(from: scope.item)
            case .ul, .ol, .menu:
                closeElements(from: scope.list)
            case .table:
                closeElements(from: scope.table)
            case .tr:
                closeElements(from: scope.row)
            case .td, .th:
                closeElements(from: scope.cell)
            case .h1, .h2, .h3, .h4, .h5, .h6:
                // Any heading end tag closes any heading, as in browsers ("<h2>…</h3>").
                closeElements(from: lastOpen(where: { $0.role.isHeading }))
            default:
                closeElements(from: lastOpen(where: { $0.tag == tag }))
            }
        }

        /// Finds an open element without reaching outside the current table or cell, like HTML's scopes.
        private func lastOpen(where matches: (OpenElement) -> Bool) -> Int? {
            for index in stack.indices.reversed() {
                if matches(stack[index]) { return index }
                if stack[index].role == .table || stack[index].role == .cell { return nil }
            }
            return nil
        }

        /// Closes a `p` before a block starts, since a paragraph cannot contain blocks ("<p>a<p>b").
        private mutating func closeOpenParagraph() {
            if stack.last?.tag == .p {
                closeElements(from: stack.count - 1)
            }
        }

        /// Closes an end tag's element if it is open; unmatched end tags are ignored, as in browsers.
        private mutating func closeElements(from index: Int?) {
            if let index {
                closeElements(from: index)
            }
        }

        /// Pops the element at `index` and everything opened after it, innermost first.
        private mutating func closeElements(from index: Int) {
            while stack.count > index, let element = stack.last {
                switch element.role {
                case .flow, .heading:
                    breakParagraph()
                case .cell:
                    addCell(takeLine())
                case .row:
                    addCell(takeLine())
                    emit(stack[stack.count - 1].cells.joined(separator: " | "))
                case .list, .item, .quote, .preformatted, .table:
                    breakStructure()
                }
                stack.removeLast()
            }
        }

        // MARK: Text and breaks

        /// Appends text with the whitespace rules of the current element.
        private mutating func appendText(_ text: String) {
            if keepsSpacing {
                line.appendPreformatted(text)
            } else {
                line.appendFlow(text)
            }
        }

        /// Handles `<br>`.
        private mutating func lineBreak() {
            if inCell {
                line.softSpace()
            } else if keepsSpacing {
                line.appendPreformatted("\n")
            } else {
                line.hardBreak()
            }
        }

        /// Handles `<hr>`.
        private mutating func rule() {
            closeOpenParagraph()
            guard !inCell else {
                line.softSpace()
                return
            }
            flush()
            blocks.append(TextBlock(kind: .rule, text: ""))
        }

        /// A boundary of a plain block: a new block, except inside a list item, where
        /// `<li><p>a</p><p>b</p></li>` reads best as one item on two lines.
        private mutating func breakParagraph() {
            if inCell {
                line.softSpace()
            } else if let container = scope.container, case .item = stack[container].role {
                line.softBreak()
            } else {
                flush()
            }
        }

        /// A boundary of a list, item, quote, preformatted block or table.
        private mutating func breakStructure() {
            if inCell {
                line.softSpace()
            } else {
                flush()
            }
        }

        /// Ends the current block.
        private mutating func flush() {
            emit(takeLine())
        }

        /// Adds a block of the current kind unless `text` is empty.
        private mutating func emit(_ text: String) {
            guard !text.isEmpty else { return }
            blocks.append(TextBlock(kind: currentKind(), text: text))
        }

        /// Adds a cell's text to the open row.
        private mutating func addCell(_ text: String) {
            guard !text.isEmpty else { return }
            if let row = scope.row {
                stack[row].cells.append(text)
            } else {
                emit(text)
            }
        }

        /// Empties the line buffer, first settling any link whose label is complete.
        private mutating func takeLine() -> String {
            if let open = link, !LineBuffer.trimmed(line.text(since: open.start)).isEmpty {
                // The block ends before "</a>" (or it never comes): show the target with this block.
                link = nil
                appendTarget(of: open)
            }
            let text = line.take(preformatted: keepsSpacing)
            // A link whose label has not started yet labels the next block instead.
            link?.start = 0
            return text
        }

        /// The kind of the next emitted block; a list item's marker is given to its first block only.
        private mutating func currentKind() -> TextBlock.Kind {
            guard let index = scope.kindSource else { return .paragraph }
            switch stack[index].role {
            case .heading(let level):
                return .heading(level: level)
            case .quote:
                return .quote
            case .preformatted:
                return .preformatted
            case .item(let marker, let depth):
                let shown = stack[index].markerShown
                stack[index].markerShown = true
                return .listItem(marker: shown ? "" : marker, depth: depth)
            default:
                return .paragraph
            }
        }

        // MARK: Links and images

        /// Starts collecting a link's label; the previous link, if any, ends here (links cannot nest).
        private mutating func openLink(href: String?) {
            closeLink()
            let target = LineBuffer.trimmed(href ?? "")
            // In-page anchors and script links mean nothing in a terminal; markup in a URL means the
            // author's quotes were broken ('<a href="x<p>…'), and showing it would print tags.
            guard !target.isEmpty, !target.hasPrefix("#"), !target.lowercased().hasPrefix("javascript:"),
                  !Self.containsMarkup(target) else {
                return
            }
            link = OpenLink(href: target, start: line.utf8Count)
        }

        /// Handles `</a>`.
        private mutating func closeLink() {
            guard let open = link else { return }
            link = nil
            appendTarget(of: open)
        }

        /// Shows where a link goes, since a terminal cannot follow it; skipped when the label is the URL.
        private mutating func appendTarget(of open: OpenLink) {
            let label = LineBuffer.trimmed(line.text(since: open.start))
            if label.isEmpty {
                appendText(" " + open.href)
            } else if Self.comparableTarget(label) != Self.comparableTarget(open.href) {
                appendText(" (" + open.href + ")")
            }
        }

        /// Normalises a URL or label so "example.com", "https://example.com/" and the like compare equal.
        private static func comparableTarget(_ text: String) -> String {
            var result = Substring(text.lowercased())
            for prefix in ["mailto:", "tel:", "https://", "http://", "www."] where result.hasPrefix(prefix) {
                result = result.dropFirst(prefix.count)
            }
            while result.hasSuffix("/") {
                result = result.dropLast()
            }
            return String(result)
        }

        /// The placeholder shown for an `img`.
        private static func imageText(alt: String?) -> String {
            let description = LineBuffer.trimmed(alt ?? "")
            // An alt text holding markup swallowed the following tags through a missing quote.
            guard !description.isEmpty, !containsMarkup(description) else { return "[image]" }
            return "[image: \(description)]"
        }

        /// Whether attribute text contains something that would read as a tag ("<p", "</", "<!").
        private static func containsMarkup(_ text: String) -> Bool {
            var previousWasOpeningBracket = false
            for scalar in text.unicodeScalars {
                if previousWasOpeningBracket,
                   Scalars.isASCIILetter(scalar) || scalar == "/" || scalar == "!" || scalar == "?" {
                    return true
                }
                previousWasOpeningBracket = scalar == "<"
            }
            return false
        }

        /// Parses an integer attribute such as `start` or `value`.
        private static func integer(_ attribute: String?) -> Int? {
            attribute.flatMap { Int(LineBuffer.trimmed($0)) }
        }
    }
}

