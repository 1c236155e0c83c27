extension HTMLText {
    /// Scalar classification shared by the tokenizer, the entity decoder and the line buffer.
    enum Scalars {
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
