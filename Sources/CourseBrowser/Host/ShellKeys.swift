import TerminalUI

/// The shell's own keys, whichever pane is focused, and the help overlay's.
enum ShellKeys {
    /// What the shell's keys do.
    enum Action: Equatable {
        case cycleFocus, focusSide, help, suspend, quit
    }

    /// The heading of the shell's keys in the help.
    static let everywhere = "Everywhere"

    /// The shell's keys. Most come before the focused pane's; those `givesWay` names act only
    /// when the pane has no use for the key.
    static let bindings: [Binding<Action>] = [
        Binding([[.tab, .backTab]], does: "next, previous pane", hint: "focus", action: .cycleFocus),
        Binding(
            [[.character("h"), .character("l")]], does: "focus the pane on the left, on the right (a pane's own h or l comes first)",
            hint: "pane", hintKey: "h/l", action: .focusSide
        ),
        Binding([[.character("?")]], does: "this help; Esc or ? closes it", hint: "help", action: .help),
        Binding([[.control("z")]], does: "suspend; fg brings it back", action: .suspend),
        Binding([[.character("q")], [.control("c")]], does: "quit", hint: "quit", action: .quit),
    ]

    /// Whether the focused pane gets the key first: a pane that binds h or l, or asks a
    /// question any key answers, keeps its meaning, as vim-style tools let a view's keys win.
    static func givesWay(_ action: Action) -> Bool {
        action == .focusSide
    }

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

    /// The shell's keys that the hint line shows after the focused pane's, where room is left.
    static var spareHints: [KeyHint] {
        bindings.hints { $0 == .focusSide }
    }
}
