/// The symbols the UI draws, in a Unicode set and an ASCII set for terminals without UTF-8.
public struct Glyphs: Sendable, Equatable {
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var focusedHorizontal: String
    public var focusedVertical: String
    public var focusedTopLeft: String
    public var focusedTopRight: String
    public var focusedBottomLeft: String
    public var focusedBottomRight: String
    public var ellipsis: String
    public var failure: String
    public var pointer: String
    public var bullet: String
    /// Marks something the user can't open yet.
    public var lock: String
    /// Marks something done.
    public var check: String
    /// Marks something still to do.
    public var todo: String
    /// Marks what changed since the user last looked.
    public var changed: String
    /// Marks something not read yet.
    public var unread: String
    public var spinner: [String]

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        focusedHorizontal: "━", focusedVertical: "┃", focusedTopLeft: "┏", focusedTopRight: "┓",
        focusedBottomLeft: "┗", focusedBottomRight: "┛",
        ellipsis: "…", failure: "❗", pointer: "›", bullet: "•", lock: "🔒", check: "✓", todo: "○",
        changed: "●", unread: "●",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    )

    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        focusedHorizontal: "=", focusedVertical: "#", focusedTopLeft: "#", focusedTopRight: "#",
        focusedBottomLeft: "#", focusedBottomRight: "#",
        ellipsis: "~", failure: "!", pointer: ">", bullet: "*", lock: "#", check: "+", todo: "o",
        changed: "*", unread: "*",
        spinner: ["|", "/", "-", "\\"]
    )
}
