import TerminalUI

/// A pane state whose keys are a list of bindings: a key acts on its binding, or says in the
/// pane's notice why it does nothing now.
protocol BoundKeys {
    associatedtype Action
    associatedtype Effect
    static var bindings: [Binding<Action>] { get }
    /// What the pane says until the next key.
    var notice: Notice? { get set }
    func availability(of action: Action) -> Availability
    /// Does what the binding of `action` does; `key` tells apart the keys of one binding (↑ from ↓).
    mutating func act(_ action: Action, key: Key) -> [Effect]
}

extension BoundKeys {
    /// The pane's own keys, each with whether it applies now: the help lists these.
    var helpKeys: [KeyItem] {
        Self.bindings.items(availability: availability(of:))
    }

    /// Whether one of the pane's own bindings takes `key`.
    func binds(_ key: Key) -> Bool {
        Self.bindings.contains { $0.isTriggered(by: key) }
    }

    /// Acts on the binding `key` triggers, after clearing the last notice.
    mutating func press(_ key: Key) -> [Effect] {
        notice = nil
        switch Self.bindings.lookUp(key, availability: availability(of:)) {
        case let .act(action): return act(action, key: key)
        case let .refused(refusal): notice = refusal
        case .unbound: break
        }
        return []
    }
}
