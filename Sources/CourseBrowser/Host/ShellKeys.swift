import TerminalUI

/// The shell's own keys, whichever pane is focused, and the help overlay's.
enum ShellKeys {
    /// What the shell's keys do.
    enum Action: Equatable {
        case cycleFocus, help, suspend, quit
    }

    /// The heading of the shell's keys in the help.
    static let everywhere = "Everywhere"

    /// The shell's keys, before the focused pane's get a key.
    static let bindings: [Binding<Action>] = [
        Binding([[.tab, .backTab]], does: "next, previous pane", hint: "focus", action: .cycleFocus),
        Binding([[.character("?")]], does: "this help; Esc or ? closes it", hint: "help", action: .help),
        Binding([[.control("z")]], does: "suspend; fg brings it back", action: .suspend),
        Binding([[.character("q")], [.control("c")]], does: "quit", hint: "quit", action: .quit),
    ]

    /// The one way out while a pane takes `q` as text.
    static let typingBindings: [Binding<Action>] = [
        Binding([[.control("c")]], does: "quit", hint: "quit", action: .quit),
    ]

    /// The shell's keys that the hint line always keeps, at its end.
    static var lastHints: [KeyHint] {
        bindings.hints { [.help, .quit].contains($0) }
    }

    /// The shell's keys that the hint line shows before the focused pane's.
    static var firstHints: [KeyHint] {
        bindings.hints { $0 == .cycleFocus }
    }
}
