extension HTMLText {
    /// Attribute values made fit to show: alt texts, titles, link and embed targets.
    enum AttributeText {
        /// The value with whitespace collapsed and trimmed, and control codes and sequences dropped.
        ///
        /// Each value is cleaned on its own, so a sequence the author left unterminated (`title="\u{1B}]0;"`)
        /// ends with the value instead of swallowing the text that follows it.
        static func cleaned(_ value: String?) -> String {
            guard let value, !value.isEmpty else { return "" }
            var buffer = LineBuffer()
            buffer.appendFlow(value)
            return buffer.take(preformatted: false)
        }

        /// The cleaned value, or `nil` when it is empty or holds markup: a value holding "<p" means
        /// the author's quotes were broken and it swallowed the following tags.
        static func shown(_ value: String?) -> String? {
            let text = cleaned(value)
            guard !text.isEmpty, !containsMarkup(text) else { return nil }
            return text
        }

        /// A link or embed target worth showing; in-page anchors and script links mean nothing in a terminal.
        static func target(_ value: String?) -> String? {
            guard let target = shown(value), !target.hasPrefix("#"), !hasPrefix(target, ignoringCase: "javascript:") else { return nil }
            return target
        }

        /// Whether `text` starts with `prefix` (given in lowercase ASCII, such as `"javascript:"`), in any case.
        static func hasPrefix(_ text: String, ignoringCase prefix: String) -> Bool {
            text.utf8.count >= prefix.utf8.count
                && zip(text.utf8, prefix.utf8).allSatisfy { Scalars.asciiLowercased($0) == $1 }
        }

        /// Whether `text` contains something that would read as a tag ("<p", "</", "<!").
        static func containsMarkup(_ text: String) -> Bool {
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
    }
}
