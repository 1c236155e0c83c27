import FoundationEssentials
import TerminalUI

/// What the commands' text for people shares: one safe cell of text from the backend, and the
/// pane's colours as SGR sequences.
enum PlainText {
    /// Text from the backend as one safe cell: what a terminal acts on taken out, and any
    /// line break made a space, so one item stays one line.
    static func cell(_ text: String) -> String {
        Sanitizer.clean(Sanitizer.cut(text))
    }

    /// `text` in the colours `role` stands for, as the pane draws it, when colours are on.
    static func paint(_ text: String, _ look: TerminalUI.Style, _ style: DuePlainText.Style) -> String {
        guard style.colours, !text.trimming(.whitespaces).isEmpty else { return text }
        var codes: [String] = []
        if look.bold { codes.append("1") }
        if look.dim { codes.append("2") }
        switch look.role {
        case .accent: codes.append("36")
        case .error: codes.append("31")
        case .success: codes.append("32")
        case .warning: codes.append("33")
        case .muted, nil: break
        }
        guard !codes.isEmpty else { return text }
        return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
