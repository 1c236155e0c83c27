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
        var converter = Converter(html)
        return converter.next(reading: .max)
    }

    /// The text of an HTML fragment as one line, blocks joined by spaces; for short notes such as a lock explanation.
    public static func plainText(_ html: String) -> String {
        blocks(from: html).reduce(into: "") { text, block in
            if !text.isEmpty { text += block.joinsPrevious ?? " " }
            text += block.text
        }
    }
}
