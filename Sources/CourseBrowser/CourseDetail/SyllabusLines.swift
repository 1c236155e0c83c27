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
    /// How many of the blocks the lines hold.
    private var blockCount = 0
    private var lines: [DetailLine] = []
    /// How many times the lines were wrapped whole, rather than reused or extended.
    private(set) var layouts = 0

    /// The lines of `blocks` for `key`: those kept, extended by any blocks added since, or wrapped
    /// again when the key changed.
    mutating func lines(for blocks: [TextBlock], key: Key) -> [DetailLine] {
        if key != self.key || blocks.count < blockCount || (blockCount == 0 && !blocks.isEmpty) {
            lines = DetailText.syllabus(blocks, width: key.width, glyphs: key.glyphs).map(DetailLine.text)
            layouts += 1
            self.key = key
        } else if blocks.count > blockCount {
            lines += DetailText.syllabus(blocks, from: blockCount, width: key.width, glyphs: key.glyphs).map(DetailLine.text)
        }
        blockCount = blocks.count
        return lines
    }
}
