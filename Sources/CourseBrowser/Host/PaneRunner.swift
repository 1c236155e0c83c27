import CourseKit
import TerminalUI

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
