/// How a cell is drawn: attributes that work on any terminal, plus an optional colour role.
public struct Style: Hashable, Sendable {
    /// What a colour means, so monochrome and `NO_COLOR` terminals can drop it safely.
    public enum Role: Hashable, Sendable {
        case accent, error, success, warning, muted
    }

    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false
    public var role: Role?

    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false, role: Role? = nil) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
        self.role = role
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let selected = Style(reverse: true)
    public static let muted = Style(dim: true, role: .muted)
    public static let error = Style(bold: true, role: .error)
    public static let accent = Style(bold: true, role: .accent)
}
