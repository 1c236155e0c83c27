/// A key press, decoded from curses input.
public enum Key: Equatable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, escape, backspace, delete
    case function(Int)
    /// The terminal window gained or lost focus (focus reporting, `CSI ? 1004 h`).
    case focusIn, focusOut
    /// A click or a turn of the wheel, where on the screen it happened.
    case mouse(MouseEvent)
    case unknown
}
