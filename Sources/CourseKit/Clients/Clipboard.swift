import FoundationEssentials

/// Puts text on the user's clipboard.
public struct Clipboard: Sendable {
    public var copy: @Sendable (_ text: String) -> Void

    public init(copy: @escaping @Sendable (_ text: String) -> Void) {
        self.copy = copy
    }
}

extension Clipboard {
    public static let noOp = Clipboard { _ in }

    /// Asks the terminal to set the clipboard (OSC 52), which works over ssh too.
    ///
    /// The app writes this sequence itself, the text inside it in base64; text from data never
    /// reaches the terminal as a control sequence (the sanitizer strips them), so only this can.
    public static let terminal = Clipboard { text in
        StandardStream.output.write("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{1B}\\")
    }
}

extension Clipboard: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> Clipboard {
        Clipboard { _ in report("Clipboard.copy") }
    }
}
