import TerminalUI

/// The hint line under the panes: the keys that apply now, in short.
enum HintLine {
    /// Columns between one hint and the next; none after the final one.
    static let gap = 2

    /// The hints that fit in `width` columns: all of `last` (the ways out, and help) always,
    /// then as many of `first` as fit in their order, so the least important are dropped whole, never cut.
    static func fit(_ first: [KeyHint], last: [KeyHint], width: Int) -> [KeyHint] {
        // Each hint is counted with the gap after it, which the final one does not have.
        var room = width + gap - last.map(columns).reduce(0, +)
        var kept: [KeyHint] = []
        for hint in first {
            let needed = columns(hint)
            guard needed <= room else { break }
            kept.append(hint)
            room -= needed
        }
        return kept + last
    }

    /// The columns a hint takes: its key, a space, its word, and the gap before the next.
    static func columns(_ hint: KeyHint) -> Int {
        hint.key.displayWidth + 1 + hint.action.displayWidth + gap
    }

    /// Draws `hints` from the left of `row`, keys bold and words muted, `gap` apart: the gap is
    /// skipped, not drawn, so nothing after the final hint can be cut with an ellipsis.
    static func draw(_ hints: [KeyHint], into grid: inout Grid, in row: Rect) {
        var x = row.x + 1
        for (index, hint) in hints.enumerated() where x < row.maxX {
            x += index == 0 ? 0 : gap
            x += grid.put(hint.key, x: x, y: row.y, maxWidth: row.maxX - x, style: .bold)
            x += grid.put(" " + hint.action, x: x, y: row.y, maxWidth: row.maxX - x, style: .muted)
        }
    }
}
