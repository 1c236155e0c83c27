import HTMLText
import TerminalUI

/// The syllabus's lines at one width and glyphs, wrapped once and extended as more of the
/// syllabus arrives, rather than wrapped again whole for every piece.
///
/// A syllabus of megabytes takes most of a second to wrap whole. At a new width such a one
/// keeps its lines at the old width a moment longer and asks, through `takeRequest`, to be
/// wrapped off the main actor; `adopt` puts the answer in place. Keys are answered meanwhile.
struct SyllabusLines {
    struct Key: Equatable, Sendable {
        var width: Int
        var glyphs: Glyphs
        /// The version of the syllabus the blocks replaced the last value at; pieces added since keep it.
        var version: Int
    }

    /// A syllabus with more text than this is wrapped at a new width off the main actor: wrapping
    /// it in place would hold a key for over 20 ms.
    static let wrapsInPlace = 256 * 1024

    private var key: Key?
    private var rows: SyllabusRows?
    /// The key the lines are being wrapped for off the main actor, while they are shown at `key`.
    private(set) var wanted: Key?
    /// Whether `wanted` was asked for yet.
    private var requested = false
    /// How many times the lines were wrapped whole, rather than reused or extended.
    private(set) var layouts = 0

    /// The lines of `blocks` for `key`: those kept, extended by any blocks added since, or wrapped
    /// again when the key changed.
    mutating func lines(for blocks: SyllabusBlocks, key: Key) -> SyllabusRows {
        let wrapped = rows?.blocks.count ?? 0
        if key == self.key {
            // Back at the width shown: a wrap for another is no longer wanted.
            wanted = nil
        }
        if key != self.key || blocks.count < wrapped || (wrapped == 0 && !blocks.isEmpty) || rows == nil {
            if waitsForWrapping(blocks, key: key) {
                return extended(to: blocks, key: key)
            }
            rows = SyllabusRows(width: key.width, glyphs: key.glyphs)
            layouts += 1
            self.key = key
            wanted = nil
        }
        return extended(to: blocks, key: key)
    }

    /// The key to wrap the lines for off the main actor, once: nil when none is wanted, or it was asked for.
    mutating func takeRequest() -> Key? {
        guard let wanted, !requested else { return nil }
        requested = true
        return wanted
    }

    /// Puts lines wrapped off the main actor in place, extended by any blocks added since, if
    /// they are still the ones wanted; returns whether they were.
    @discardableResult
    mutating func adopt(_ wrapped: SyllabusRows, key: Key, blocks: SyllabusBlocks) -> Bool {
        guard key == wanted, wrapped.blocks.count <= blocks.count else { return false }
        rows = wrapped
        self.key = key
        wanted = nil
        layouts += 1
        _ = extended(to: blocks, key: key)
        return true
    }

    /// Whether the lines at the old key are kept while `key`'s are wrapped off the main actor:
    /// only for a new width or glyphs of the same syllabus, and one long enough to need it.
    private mutating func waitsForWrapping(_ blocks: SyllabusBlocks, key: Key) -> Bool {
        guard let shown = self.key, rows != nil, shown.version == key.version,
              blocks.count >= rows?.blocks.count ?? 0, blocks.textBytes > Self.wrapsInPlace
        else { return false }
        if wanted != key {
            wanted = key
            requested = false
        }
        return true
    }

    /// The lines kept (else none yet at `key`), extended by the blocks added since.
    private mutating func extended(to blocks: SyllabusBlocks, key: Key) -> SyllabusRows {
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
