import TerminalUI

/// The hint line under the panes: the keys that apply now, in short.
enum HintLine {
    /// The hints that fit in `width` columns: all of `last` (help and quit) always, then as
    /// many of `first` as fit in their order, so the least important are dropped whole, never cut.
    static func fit(_ first: [KeyHint], last: [KeyHint], width: Int) -> [KeyHint] {
        // The two spaces after the final hint may fall off the end.
        var room = width + 2 - last.map(columns).reduce(0, +)
        var kept: [KeyHint] = []
        for hint in first {
            let needed = columns(hint)
            guard needed <= room else { break }
            kept.append(hint)
            room -= needed
        }
        return kept + last
    }

    /// The columns a hint takes: its key, a space, its word and two spaces before the next.
    static func columns(_ hint: KeyHint) -> Int {
        hint.key.displayWidth + 1 + hint.action.displayWidth + 2
    }

    /// Draws `hints` from the left of `row`, keys bold and words muted.
    static func draw(_ hints: [KeyHint], into grid: inout Grid, in row: Rect) {
        var x = row.x + 1
        for hint in hints where x < row.maxX {
            x += grid.put(hint.key, x: x, y: row.y, maxWidth: row.maxX - x, style: .bold)
            x += grid.put(" " + hint.action + "  ", x: x, y: row.y, maxWidth: row.maxX - x, style: .muted)
        }
    }
}
