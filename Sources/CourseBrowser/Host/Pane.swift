import FoundationEssentials
import TerminalUI

/// A self-sufficient part of the screen: it loads its own data, draws inside its rectangle
/// and handles its own keys and errors. The host only places it and routes keys to it.
///
/// Its state changes only in `update`, one event at a time: keys and sizes from the host,
/// results of the work it started itself. `draw` only reads that state.
@MainActor
protocol Pane: AnyObject {
    associatedtype Event: PaneEvent
    /// The name in the pane's border.
    var title: String { get }
    /// The name of the pane's group of keys in the help.
    var keyGroup: String { get }
    /// The keys in force now (a prompt's or a question's own while one is open), each with
    /// whether it applies: the hint line shows these.
    var keys: [KeyItem] { get }
    /// The pane's own keys, each with whether it applies now: the help lists these.
    var helpKeys: [KeyItem] { get }
    /// True while a spinner or timer in the pane needs redrawing.
    var isAnimating: Bool { get }
    /// When what the pane shows next changes by itself, with no event: a spinner's next frame,
    /// a countdown's next second; nil when nothing it shows moves.
    func nextChange(after now: Date) -> Date?
    /// A short note for the pane's bottom border, such as a scroll position.
    var footer: String? { get }
    /// Called by the pane after its state changed; set by the host.
    var onChange: () -> Void { get set }
    /// Called with what the pane tells the host (a course opened, courses loaded…); set by the host.
    var sendToHost: (HostEvent) -> Void { get set }
    /// True while the pane takes every key as text (an open prompt), so the host routes all keys to it.
    var capturesKeys: Bool { get }
    /// True while something the pane loads failed because the backend could not be reached.
    var isCutOff: Bool { get }
    /// How many of the pane's loads the backend answered: one more means it answers (again).
    var answers: Int { get }
    /// Applies one event to the pane's state; returns whether the pane used it (for keys).
    @discardableResult
    func update(_ event: Event) -> Bool
    /// Draws the pane's content inside `rect` (the border is the host's); reads the state, never changes it.
    func draw(into grid: inout Grid, rect: Rect, focused: Bool)
}

extension Pane {
    var isCutOff: Bool { false }
    var answers: Int { 0 }

    /// A pane that animates shows a spinner, whose frame moves every tenth of a second.
    func nextChange(after now: Date) -> Date? {
        isAnimating ? ScreenTicks.spinnerFrame(after: now) : nil
    }

    /// Reacts to a key while focused; returns whether the pane used it.
    func handle(_ key: Key) -> Bool {
        update(.key(key))
    }

    /// A click or the wheel inside the pane; returns whether the pane used it.
    func mouse(_ event: MouseEvent) -> Bool {
        update(.mouse(event))
    }

    /// Tells the pane the room it now has.
    func resize(_ size: PaneSize) {
        update(.resize(size))
    }

    /// The short forms of the keys that apply now, for the hint line, in the order of their importance.
    var hints: [KeyHint] {
        keys.filter(\.availability.isEnabled).compactMap(\.row.hint)
    }
}
