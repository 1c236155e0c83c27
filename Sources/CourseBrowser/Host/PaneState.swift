import CourseKit
import FoundationEssentials
import TerminalUI

/// The decisions of a pane, as a value: each event changes the state and returns what the
/// pane wants done (load this, queue that, open a page) as effects, which it never does itself.
///
/// Tested without any client: a key goes in, effects come out.
protocol PaneState {
    associatedtype Event: PaneEvent
    associatedtype Effect
    /// Applies `event` at `now`; returns the effects to perform, in order.
    mutating func update(_ event: Event, now: Date) -> [Effect]
    /// Whether a key pressed now belongs to the pane: bound in the keys in force, or text for an open prompt.
    func claims(_ key: Key) -> Bool
}

/// The class half of a pane: it holds the clients, keeps the state, performs the effects the
/// state's `update` returns and sends what comes of them back as events.
@MainActor
protocol PaneRunner: Pane where Event == State.Event {
    associatedtype State: PaneState
    var state: State { get set }
    var clock: WallClock { get }
    /// Starts one effect; its results come back through `update`.
    func perform(_ effect: State.Effect)
}

extension PaneRunner {
    @discardableResult
    func update(_ event: Event) -> Bool {
        let used = event.pressedKey.map(state.claims) ?? true
        let effects = state.update(event, now: clock.now())
        onChange()
        for effect in effects {
            perform(effect)
        }
        return used
    }
}

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
    /// Acts on the binding `key` triggers, after clearing the last notice.
    mutating func press(_ key: Key) -> [Effect] {
        notice = nil
        switch Self.bindings.lookUp(key, availability: availability(of:)) {
        case let .act(action): return act(action, key: key)
        case let .refused(reason): notice = Notice(text: reason, isNote: true)
        case .unbound: break
        }
        return []
    }
}
