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

    /// Creates a block of the given kind.
    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}
