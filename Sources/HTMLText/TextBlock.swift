/// One block of readable text extracted from HTML.
///
/// Blocks are what a terminal renderer lays out: each one starts on a new line and
/// its `text` is wrapped independently. A `"\n"` inside `text` is a forced line break
/// (from `<br>` or, in preformatted blocks, from the source itself).
public struct TextBlock: Equatable, Sendable {
    /// What kind of HTML structure the block came from, which decides how it is indented or decorated.
    public enum Kind: Equatable, Sendable {
        /// A heading from `h1`…`h6`; `level` is 1…6.
        case heading(level: Int)
        /// Running text: `p`, `div`, loose text, a table row whose cells are joined by `" | "`, or
        /// an embedded player or document (`iframe`, `video`, …) as `[title] address`.
        case paragraph
        /// A list item. `marker` is `"•"` for `ul`, `"1."`, `"2."`, … for `ol` (honouring `start` and `value`);
        /// it is `""` for text that continues an item after a nested block such as a sub-list.
        /// `depth` is 0 for a top-level list and grows by one per nested list.
        case listItem(marker: String, depth: Int)
        /// Text inside a `blockquote`.
        case quote
        /// Text from `pre`: spaces are kept as written and lines are separated by `"\n"`.
        case preformatted
        /// A horizontal rule from `hr`; its `text` is empty.
        case rule
    }

    /// How the block should be presented.
    public var kind: Kind
    /// The block's text: no tags, entities decoded, trimmed.
    public var text: String
    /// Nil for a block of its own; for a later part of a block too long to hand over whole, the
    /// whitespace its cut took out (a space; line breaks, with the spaces ending the line before
    /// in preformatted text; or nothing where the text had no break), so that the text before,
    /// this, and `text` read as the block was written.
    ///
    /// A paragraph of megabytes arrives, and is laid out, a part at a time; a renderer shows the
    /// parts close together, with no blank line between them.
    public var joinsPrevious: String?

    /// Creates a block of the given kind; `joinsPrevious` only for a later part of a long one.
    public init(kind: Kind, text: String, joinsPrevious: String? = nil) {
        self.kind = kind
        self.text = text
        self.joinsPrevious = joinsPrevious
    }
}
