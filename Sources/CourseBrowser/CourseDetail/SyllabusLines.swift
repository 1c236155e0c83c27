import HTMLText
import TerminalUI

/// The syllabus's lines at one width and glyphs, wrapped once and extended as more of the
/// syllabus arrives, rather than wrapped again whole for every piece.
struct SyllabusLines {
    struct Key: Equatable {
        var width: Int
        var glyphs: Glyphs
        /// The version of the syllabus the blocks replaced the last value at; pieces added since keep it.
        var version: Int
    }

    private var key: Key?
    private var rows: SyllabusRows?
    /// How many times the lines were wrapped whole, rather than reused or extended.
    private(set) var layouts = 0

    /// The lines of `blocks` for `key`: those kept, extended by any blocks added since, or wrapped
    /// again when the key changed.
    mutating func lines(for blocks: SyllabusBlocks, key: Key) -> SyllabusRows {
        let wrapped = rows?.blocks.count ?? 0
        if key != self.key || blocks.count < wrapped || (wrapped == 0 && !blocks.isEmpty) || rows == nil {
            rows = SyllabusRows(width: key.width, glyphs: key.glyphs)
            layouts += 1
            self.key = key
        }
        // Moved out while it grows, so that its rows are added in place rather than copied.
        var grown = rows ?? SyllabusRows(width: key.width, glyphs: key.glyphs)
        rows = nil
        if grown.blocks.count != blocks.count || grown.count == 0 {
            grown.extend(to: blocks)
        }
        rows = grown
        return grown
    }
}
