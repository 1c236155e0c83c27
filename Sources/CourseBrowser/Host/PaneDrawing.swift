import TerminalUI

/// What a pane drew in its box, and the conditions it drew it under: while they hold and the
/// pane isn't animating, the same cells are put back instead of drawing them again.
struct PaneDrawing {
    struct Conditions: Equatable {
        /// The pane's count of changes when it was drawn.
        var revision: Int
        var rect: Rect
        var focused: Bool
        var glyphs: Glyphs
        /// The wall-clock second, so times shown relative to now are at most a second old.
        var second: Int
    }

    var conditions: Conditions
    var patch: GridPatch
}
