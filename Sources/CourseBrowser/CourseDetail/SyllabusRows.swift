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

    /// The rows of `blocks`, of which the first `blockCount` have their rows already.
    mutating func extend(to blocks: SyllabusBlocks) {
        let start = self.blocks.count
        self.blocks = blocks
        guard !blocks.isEmpty else {
            kept[-1] = [StyledLine("This course has no syllabus.", style: .muted)]
            rows = [Row(block: -1, row: 0)]
            return
        }
        for index in start..<blocks.count {
            let block = blocks[index]
            if index > 0, Self.needsGap(before: block, after: blocks[index - 1]) {
                rows.append(Row(block: Int32(index), row: -1))
            }
            let lines = SyllabusLayout.lines(for: block, width: width, glyphs: glyphs)
            if lines.count > Self.keptAbove {
                kept[Int32(index)] = lines
            }
            rows += (0..<lines.count).map { Row(block: Int32(index), row: Int32($0)) }
        }
    }

    var count: Int { rows.count }

    /// Line `index`, wrapped again from its block unless the block keeps its lines.
    subscript(index: Int) -> StyledLine {
        let row = rows[index]
        guard row.row >= 0 else { return .blank }
        let lines = kept[row.block] ?? SyllabusLayout.lines(for: blocks[Int(row.block)], width: width, glyphs: glyphs)
        return lines[Int(row.row)]
    }

    /// Whether a blank line separates `block` from the one before it: list items follow each
    /// other closely, and so do the parts of a block too long to convert whole.
    private static func needsGap(before block: TextBlock, after previous: TextBlock) -> Bool {
        if block.joinsPrevious != nil { return false }
        if case .listItem = block.kind, case .listItem = previous.kind { return false }
        return true
    }
}
