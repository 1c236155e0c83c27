/// One terminal cell: a grapheme cluster and its style.
///
/// A cluster two columns wide occupies its own cell and the next one, which holds
/// an empty `text` so the grid stays aligned with the screen.
public struct Cell: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }
}
