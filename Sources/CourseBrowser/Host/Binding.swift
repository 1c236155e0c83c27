import TerminalUI

/// One key binding, declared once: its keys, what the help says they do, its short form on
/// the hint line, and the action it triggers. A pane's list of these drives its key
/// handling, the hint line and the help overlay alike.
struct Binding<Action> {
    /// Alternatives, each a group of keys shown together: `[[.up, .down], [j, k]]` is ↑ ↓ or j k.
    let keys: [[Key]]
    let does: String
    /// The hint line's short form, when the binding has one there.
    let hint: KeyHint?
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

/// Whether a binding can act now, and if not, why not, in words for the user.
enum Availability: Equatable {
    case enabled
    case disabled(String)

    /// Enabled when `reason` is nil, else disabled for it.
    init(unless reason: String?) {
        self = reason.map(Availability.disabled) ?? .enabled
    }

    var isEnabled: Bool { self == .enabled }
}

/// A binding as the host shows it: its row, and whether it applies now.
struct KeyItem: Equatable {
    var row: KeyTable.Row
    var availability: Availability
}

/// What a pressed key comes to in a list of bindings.
enum KeyLookup<Action> {
    /// Its binding applies now: act on it.
    case act(Action)
    /// Its binding does not apply now, for this reason.
    case refused(String)
    /// No binding in the list has this key.
    case unbound
}

extension Array {
    /// Finds the binding `key` triggers and whether it applies now.
    func lookUp<Action>(_ key: Key, availability: (Action) -> Availability) -> KeyLookup<Action> where Element == Binding<Action> {
        guard let binding = first(where: { $0.isTriggered(by: key) }) else { return .unbound }
        switch availability(binding.action) {
        case .enabled: return .act(binding.action)
        case let .disabled(reason): return .refused(reason)
        }
    }

    /// The bindings as the host shows them, each with whether it applies now.
    func items<Action>(availability: (Action) -> Availability) -> [KeyItem] where Element == Binding<Action> {
        map { KeyItem(row: $0.row, availability: availability($0.action)) }
    }
}
