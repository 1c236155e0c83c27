import FoundationEssentials

/// A pane state that applies an event and then settles what follows from it (the selection
/// kept on a row, the window kept around it) before its effects go out.
protocol SettlingState: PaneState {
    /// Changes the state for `event`; returns the effects to perform.
    mutating func apply(_ event: Event, now: Date) -> [Effect]
    /// Makes what is derived from the state agree with it again.
    mutating func settle(now: Date)
}

extension SettlingState {
    mutating func update(_ event: Event, now: Date) -> [Effect] {
        let effects = apply(event, now: now)
        settle(now: now)
        return effects
    }
}
