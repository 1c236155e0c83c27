/// A click or a turn of the mouse wheel at a cell of the screen (or, once routed, of a pane).
public struct MouseEvent: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case click
        case wheelUp
        case wheelDown
    }

    public var action: Action
    public var x: Int
    public var y: Int

    public init(_ action: Action, x: Int, y: Int) {
        self.action = action
        self.x = x
        self.y = y
    }

    /// The same event, measured from (`x`, `y`): where it happened inside a rectangle there.
    public func relative(to x: Int, _ y: Int) -> MouseEvent {
        MouseEvent(action, x: self.x - x, y: self.y - y)
    }
}
