extension HTMLText {
    /// Decodes character references (`&amp;`, `&#233;`, `&#xE9;`) in text and attribute values.
    enum Entities {
        private static let replacementCharacter = "\u{FFFD}"
        private static let ampersand = UInt8(ascii: "&")
        /// Longer than any entity name we know, so scanning a bogus `&…` stays cheap.
        private static let maxNameLength = 32

        /// Decodes every well-formed reference in UTF-8 text; unknown or unterminated ones are left as written.
        ///
        /// Text without a `&` is returned as it is, without copying.
        static func decode(_ utf8: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            guard var runStart = utf8.firstIndex(of: ampersand) else { return utf8 }
            var output: [UInt8] = []
            // A reference is never longer decoded than written, so this is the most the output needs.
            output.reserveCapacity(utf8.count)
            output.append(contentsOf: utf8[..<runStart])
            var index = runStart
            while let next = utf8[index...].firstIndex(of: ampersand) {
                guard let reference = reference(in: utf8, at: next) else {
                    index = next + 1
                    continue
                }
                output.append(contentsOf: utf8[runStart..<next])
                output.append(contentsOf: reference.text.utf8)
                index = reference.end
                runStart = index
            }
            output.append(contentsOf: utf8[runStart...])
            return output[...]
        }

        /// Decodes the references in an attribute value.
        static func decodedString(_ utf8: ArraySlice<UInt8>) -> String {
            String(decoding: decode(utf8), as: UTF8.self)
        }

        /// Parses the reference starting at the `&` at `start`, returning its text and the index after `;`.
        private static func reference(in utf8: ArraySlice<UInt8>, at start: Int) -> (text: String, end: Int)? {
            let afterAmpersand = start + 1
            guard afterAmpersand < utf8.endIndex else { return nil }
            if utf8[afterAmpersand] == UInt8(ascii: "#") {
                return numericReference(in: utf8, at: afterAmpersand + 1)
            }
            var end = afterAmpersand
            while end < utf8.endIndex, end - afterAmpersand < maxNameLength, Scalars.isASCIIAlphanumeric(utf8[end]) {
                end += 1
            }
            guard end > afterAmpersand, end < utf8.endIndex, utf8[end] == UInt8(ascii: ";") else { return nil }
            let name = String(decoding: utf8[afterAmpersand..<end], as: UTF8.self)
            guard let text = named[name] else { return nil }
            return (text, end + 1)
        }

        /// Parses the digits of `&#…;` / `&#x…;` starting at `start` (just after the `#`).
        private static func numericReference(in utf8: ArraySlice<UInt8>, at start: Int) -> (text: String, end: Int)? {
            var index = start
            let isHex = index < utf8.endIndex && (utf8[index] == UInt8(ascii: "x") || utf8[index] == UInt8(ascii: "X"))
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            var tooLarge = false
            while index < utf8.endIndex, let digit = digitValue(utf8[index], hex: isHex) {
                // Stop accumulating once out of Unicode range so absurdly long numbers cannot overflow.
                if !tooLarge {
                    value = value * (isHex ? 16 : 10) + digit
                    tooLarge = value > 0x10FFFF
                }
                index += 1
            }
            guard index > digitsStart, index < utf8.endIndex, utf8[index] == UInt8(ascii: ";") else { return nil }
            return (tooLarge ? replacementCharacter : text(forCodePoint: value), index + 1)
        }

        /// The value of a decimal (or, when `hex`, hexadecimal) digit.
        private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte) - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte) - 0x61 + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte) - 0x41 + 10
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
