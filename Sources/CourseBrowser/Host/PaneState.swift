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
