/// What the event loop runs: something that draws a grid and reacts to keys.
@MainActor
public protocol TerminalApplication: AnyObject {
    /// Learns the screen's size and glyphs: at start, and again after every resize, before drawing.
    func resize(width: Int, height: Int, glyphs: Glyphs)
    /// Draws the whole screen into `grid`; reads the application's state, never changes it.
    func render(into grid: inout Grid)
    /// Reacts to one key press.
    func handle(_ key: Key) -> KeyResult
    /// True while something on screen moves (a spinner, a timer), so the loop keeps redrawing.
    var isAnimating: Bool { get }
    /// Set by the loop; the application calls it when its state changed and the screen is stale.
    var setNeedsDisplay: () -> Void { get set }
}

/// What a key did.
public enum KeyResult: Equatable, Sendable {
    case handled
    case ignored
    case quit
}
