import HTMLText
import TerminalUI

/// The syllabus's lines at one width and glyphs, wrapped once and extended as more of the
/// syllabus arrives, rather than wrapped again whole for every piece.
///
/// A syllabus of megabytes takes most of a second to wrap whole. At a new width such a one
/// keeps its lines at the old width a moment longer and asks, through `takeRequest`, to be
/// wrapped off the main actor; `adopt` puts the answer in place. Keys are answered meanwhile.
struct SyllabusLines {
    /// What the lines were wrapped for. It does not name the course: the pane drops a wrap
    /// under way when it opens another, whose versions count from the start again.
    struct Key: Equatable, Sendable {
        var width: Int
        var glyphs: Glyphs
        /// The version of the syllabus the blocks replaced the last value at; pieces added since keep it.
        var version: Int
    }

    /// What the pane is asked to do about a wrap off the main actor.
    enum Request: Equatable {
        /// Wrap the syllabus for this key, dropping any wrap under way.
        case wrap(Key)
        /// Drop the wrap under way: its lines are no longer wanted.
        case drop
    }

    /// A syllabus with more text than this is wrapped at a new width off the main actor: wrapping
    /// it in place would hold a key for over 20 ms.
    static let wrapsInPlace = 256 * 1024
    /// Narrower than this, a long syllabus keeps the lines it has and asks for none: only a pane
    /// not given its size yet is this narrow, and a row for every few characters of megabytes
    /// would take gigabytes.
    static let narrowest = 20

    private var key: Key?
    private var rows: SyllabusRows?
    /// The key the lines are wanted for while they are shown at `key`, until a wrap off the main actor brings them.
    private(set) var wanted: Key?
    /// The wrap asked for and neither answered nor dropped since.
    private var asked: Key?
    /// How many times the lines were wrapped whole, rather than reused or extended.
    private(set) var layouts = 0

    /// The lines of `blocks` for `key`: those kept, extended by any blocks added since, or wrapped
    /// again when the key changed. A long syllabus at a new width or glyphs keeps the lines at
    /// the old ones and wants `key`'s instead.
    mutating func lines(for blocks: SyllabusBlocks, key: Key) -> SyllabusRows {
        wanted = nil
        let wrapped = rows?.blocks.count ?? 0
        if key != self.key || blocks.count < wrapped || (wrapped == 0 && !blocks.isEmpty) || rows == nil {
            if keepsLinesShown(for: blocks, at: key) {
                wanted = key.width >= Self.narrowest ? key : nil
            } else {
                rows = SyllabusRows(width: key.width, glyphs: key.glyphs)
                layouts += 1
                self.key = key
            }
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

    /// What to ask of the pane about a wrap off the main actor since the last call, if anything.
    mutating func takeRequest() -> Request? {
        guard wanted != asked else { return nil }
        asked = wanted
        return wanted.map(Request.wrap) ?? .drop
    }

    /// Puts lines wrapped off the main actor for `key` in place if they are still the ones
    /// wanted; the next layout adds the blocks that arrived since.
    mutating func adopt(_ wrapped: SyllabusRows, key: Key) {
        guard key == wanted else { return }
        rows = wrapped
        self.key = key
        wanted = nil
        asked = nil
        layouts += 1
    }

    /// Whether the lines shown stay while `key`'s are wrapped elsewhere: a long syllabus, the
    /// same value as shown, at another width or glyphs.
    private func keepsLinesShown(for blocks: SyllabusBlocks, at key: Key) -> Bool {
        guard let shown = self.key, let rows, shown != key, shown.version == key.version,
              !rows.blocks.isEmpty, blocks.count >= rows.blocks.count
        else { return false }
        return blocks.textBytes > Self.wrapsInPlace
    }
}
