/// What the event loop runs: something that draws a grid and reacts to keys.
@MainActor
public protocol TerminalApplication: AnyObject {
    /// Learns the screen's size and glyphs: at start, and again after every resize, before drawing.
    func resize(width: Int, height: Int, glyphs: Glyphs)
    /// Draws the whole screen into `grid`; reads the application's state, never changes it.
    func render(into grid: inout Grid)
    /// Reacts to one key press.
    func handle(_ key: Key) -> KeyResult
    /// How long until the screen, left alone, looks different: a spinner's next frame, a
    /// countdown's next second. Nil while nothing on it moves, so the loop sleeps until an event.
    /// Asked after every frame.
    var nextFrame: Duration? { get }
    /// Set by the loop; the application calls it when its state changed and the screen is stale.
    var setNeedsDisplay: () -> Void { get set }
}

/// What a key did.
public enum KeyResult: Equatable, Sendable {
    case handled
    case ignored
    case quit
}
