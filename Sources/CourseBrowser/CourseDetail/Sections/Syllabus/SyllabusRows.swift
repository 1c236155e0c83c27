import HTMLText
import TerminalUI

/// The syllabus's lines at one width and glyphs, kept as which row of which block each is.
///
/// A 10 MB syllabus wraps to hundreds of thousands of lines; keeping each as text would take
/// several times the memory of the blocks. A line is wrapped again when it is drawn, from its
/// block alone; a block that wraps to many rows keeps its lines, so drawing one stays cheap.
struct SyllabusRows {
    /// A line: row `row` of block `block`; row -1 is the blank line above the block.
    struct Row {
        var block: Int32
        var row: Int32
    }

    /// Blocks wrapping to more rows than this keep their lines.
    static let keptAbove = 32

    let width: Int
    let glyphs: Glyphs
    private(set) var blocks = SyllabusBlocks()
    private var rows: [Row] = []
    /// The lines of the blocks that wrap to many rows, and the line saying there is no syllabus (block -1).
    private var kept: [Int32: [StyledLine]] = [:]

    init(width: Int, glyphs: Glyphs) {
        self.width = width
        self.glyphs = glyphs
    }

    /// Adds the rows of the blocks in `blocks` past those it has. Asked every thousand blocks,
    /// `isCancelled` can stop it part of the way, which it says by returning false.
    @discardableResult
    mutating func extend(to blocks: SyllabusBlocks, isCancelled: () -> Bool = { false }) -> Bool {
        let start = self.blocks.count
        self.blocks = blocks
        guard !blocks.isEmpty else {
            kept[-1] = [StyledLine("This course has no syllabus.", style: .muted)]
            rows = [Row(block: -1, row: 0)]
            return true
        }
        for index in start..<blocks.count {
            if (index - start) % 1024 == 0, isCancelled() { return false }
            appendRows(ofBlock: index)
        }
        return true
    }

    /// `blocks` wrapped whole at `width`, off the caller's actor; nil when its task is cancelled first.
    nonisolated static func wrapping(_ blocks: SyllabusBlocks, width: Int, glyphs: Glyphs) async -> SyllabusRows? {
        var wrapped = SyllabusRows(width: width, glyphs: glyphs)
        return wrapped.extend(to: blocks) { Task.isCancelled } ? wrapped : nil
    }

    private mutating func appendRows(ofBlock index: Int) {
        if index > 0, needsGap(before: index) {
            rows.append(Row(block: Int32(index), row: -1))
        }
        let block = blocks[index]
        let count = SyllabusLayout.lineCount(for: block, width: width, glyphs: glyphs)
        if count > Self.keptAbove {
            kept[Int32(index)] = SyllabusLayout.lines(for: block, width: width, glyphs: glyphs)
        }
        rows += (0..<count).map { Row(block: Int32(index), row: Int32($0)) }
    }

    var count: Int { rows.count }

    /// Line `index`, wrapped again from its block unless the block keeps its lines.
    subscript(index: Int) -> StyledLine {
        let row = rows[index]
        guard row.row >= 0 else { return .blank }
        let lines = kept[row.block] ?? SyllabusLayout.lines(for: blocks[Int(row.block)], width: width, glyphs: glyphs)
        return lines[Int(row.row)]
    }

    /// Where line `index` is in the syllabus's text: which row of which block, out of how many
    /// rows that block wraps to here. It outlasts a new width, where `line(at:)` finds it again.
    struct Place: Equatable {
        var block: Int32
        /// -1: the blank line above the block.
        var row: Int32
        var rows: Int
    }

    /// The place of line `index`.
    func place(ofLine index: Int) -> Place? {
        guard rows.indices.contains(index), rows[index].block >= 0 else { return nil }
        let row = rows[index]
        return Place(block: row.block, row: row.row, rows: textRows(ofBlock: row.block).count)
    }

    /// The line at `place`, its row scaled to the rows its block wraps to here. A block with no
    /// text of its own gives the first line from it on, and one that has not arrived yet the
    /// last line so far; nil when there are no lines.
    func line(at place: Place) -> Int? {
        guard !rows.isEmpty else { return nil }
        let text = textRows(ofBlock: place.block)
        guard !text.isEmpty else { return min(firstRow { $0.block >= place.block }, rows.count - 1) }
        if place.row < 0 {
            return text.lowerBound > 0 && rows[text.lowerBound - 1].block == place.block ? text.lowerBound - 1 : text.lowerBound
        }
        let row = Int(place.row) * text.count / max(1, place.rows)
        return text.lowerBound + min(row, text.count - 1)
    }

    /// The lines of `block`'s text, without the blank line above it.
    private func textRows(ofBlock block: Int32) -> Range<Int> {
        let start = firstRow { $0.block > block || ($0.block == block && $0.row >= 0) }
        let end = firstRow { $0.block > block }
        return start..<max(start, end)
    }

    /// The first row for which `isAfter` holds, where it holds for every row after that too.
    private func firstRow(where isAfter: (Row) -> Bool) -> Int {
        var (low, high) = (0, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if isAfter(rows[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Whether a blank line separates block `index` from the one before it: list items follow
    /// each other closely, and so do the parts of a block too long to convert whole.
    private func needsGap(before index: Int) -> Bool {
        !blocks.joinsPrevious(index) && !(blocks.isListItem(index) && blocks.isListItem(index - 1))
    }
}
