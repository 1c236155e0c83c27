import TerminalUI

/// One key binding, declared once: its keys, what the help says they do, its short form on
/// the hint line, and the action it triggers. A pane's list of these drives its key
/// handling, the hint line and the help overlay alike.
struct Binding<Action> {
    /// Alternatives, each a group of keys shown together: `[[.up, .down], [j, k]]` is ↑ ↓ or j k.
    let keys: [[Key]]
    /// What the keys do, as the help says it.
    let does: String
    /// The hint line's short form, when the binding has one there.
    let hint: KeyHint?
    /// What the pane does when one of the keys is pressed and the binding applies.
    let action: Action

    /// A binding whose hint says `hint` after `hintKey` (by default, its first key's name).
    init(_ keys: [[Key]], does: String, hint: String? = nil, hintKey: String? = nil, action: Action) {
        self.keys = keys
        self.does = does
        self.action = action
        self.hint = hint.map { KeyHint(key: hintKey ?? keys.first?.first?.label ?? "", action: $0) }
    }

    /// Whether pressing `key` triggers this binding.
    func isTriggered(by key: Key) -> Bool {
        keys.contains { $0.contains(key) }
    }

    /// The binding as the help screens and the hint line show it.
    var row: KeyTable.Row {
        KeyTable.Row(keys: keys.map { $0.map(\.label) }, does: does, hint: hint)
    }
}

extension Binding: Sendable where Action: Sendable {}
