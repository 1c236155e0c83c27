import TerminalUI

/// A self-sufficient part of the screen: it loads its own data, draws inside its rectangle
/// and handles its own keys and errors. The host only places it and routes keys to it.
@MainActor
protocol Pane: AnyObject {
    /// The name in the pane's border.
    var title: String { get }
    /// The keys this pane understands, for the hint line.
    var hints: [KeyHint] { get }
    /// True while a spinner or timer in the pane needs redrawing.
    var isAnimating: Bool { get }
    /// A short note for the pane's bottom border, such as a scroll position.
    var footer: String? { get }
    /// Called by the pane when it needs to be drawn again; set by the host.
    var onChange: () -> Void { get set }
    /// True while the pane takes every key as text (an open prompt), so the host routes all keys to it.
    var capturesKeys: Bool { get }
    /// Draws the pane's content inside `rect` (the border is the host's).
    func draw(into grid: inout Grid, rect: Rect, focused: Bool)
    /// Reacts to a key while focused; returns whether it used it.
    func handle(_ key: Key) -> Bool
}

/// A key and what it does, as the hint line and help show it.
struct KeyHint: Equatable {
    var key: String
    var action: String
}
