import TerminalUI

/// The events every pane takes from its host; each pane's own event type has these cases.
protocol PaneEvent {
    /// A key pressed while the pane is focused.
    static func key(_ key: Key) -> Self
    /// The room inside the pane's border changed.
    static func resize(_ size: PaneSize) -> Self
    /// A click or the wheel inside the pane, measured from its content's top left.
    static func mouse(_ event: MouseEvent) -> Self
    /// The key this event presses, if it is a key.
    var pressedKey: Key? { get }
}
