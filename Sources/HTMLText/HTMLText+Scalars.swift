extension HTMLText {
    /// Scalar and UTF-8 byte classification shared by the tokenizer, the entity decoder and the line buffer.
    ///
    /// Everything HTML gives meaning to is ASCII, and in UTF-8 an ASCII byte never occurs inside
    /// the encoding of another scalar, so markup can be found by looking at bytes alone.
    enum Scalars {
        /// Whether `byte` is `a`…`z` or `A`…`Z`.
        static func isASCIILetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        /// Whether `scalar` is `a`…`z` or `A`…`Z`.
        static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && isASCIILetter(UInt8(scalar.value))
        }

        /// Whether `byte` is an ASCII letter or digit.
        static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
            isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// Lowercases ASCII letters only; tag and attribute names are ASCII-case-insensitive.
        static func asciiLowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }

        /// The whitespace HTML itself recognises inside tags.
        static func isHTMLWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
        }

        /// The whitespace HTML itself recognises inside tags.
        static func isHTMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && isHTMLWhitespace(UInt8(scalar.value))
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

        // MARK: UTF-8

        /// The scalar whose encoding starts at `index`, and how many bytes that encoding takes.
        ///
        /// `utf8` must be well-formed, as the bytes of a Swift string always are.
        static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
            let lead = utf8[index]
            guard lead >= 0x80 else { return (Unicode.Scalar(lead), 1) }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard index + length <= utf8.count else { return ("\u{FFFD}", utf8.count - index) }
            // The lead byte keeps 7 - length payload bits; each continuation byte adds 6.
            var value = UInt32(lead & (0x7F >> length))
            for offset in 1..<length {
                value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
            }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        /// Where the scalar that ends just before `end` starts.
        static func scalarStart(in utf8: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
            var start = end - 1
            while start > 0, utf8[start] & 0xC0 == 0x80 {
                start -= 1
            }
            return start
        }

        /// The end of the run from `start` of scalars that are shown as written wherever they occur:
        /// printable ASCII other than space, and any scalar from U+00C0 up except U+2000…U+2FFF,
        /// which holds the narrow no-break space. Every control, space and the soft hyphen lies outside it.
        static func plainRunEnd(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var index = start
            while index < utf8.count {
                let byte = utf8[index]
                if (0x21...0x7E).contains(byte) {
                    index += 1
                } else if byte >= 0xC3, byte != 0xE2 {
                    // A lead byte from 0xC3 on starts U+00C0 or above; 0xE2 starts U+2000…U+2FFF.
                    index += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                } else {
                    break
                }
            }
            return min(index, utf8.count)
        }
    }
}
