import TerminalUI

/// The room a pane has to draw in, and the glyphs the terminal can show.
struct PaneSize: Equatable {
    var width: Int
    var height: Int
    var glyphs: Glyphs

    static let zero = PaneSize(width: 0, height: 0, glyphs: .unicode)
}
