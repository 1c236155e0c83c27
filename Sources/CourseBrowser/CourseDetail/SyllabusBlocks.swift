import HTMLText

/// A syllabus's blocks as the pieces they were converted in, read as one collection.
///
/// A 10 MB syllabus is a hundred thousand blocks or more, arriving a piece at a time. Kept in
/// one array, every piece would grow it (leaving up to twice its size behind it) and, while the
/// laid-out lines share it, copy it whole. Pieces are appended as they come, and a copy of the
/// collection shares them all.
struct SyllabusBlocks: RandomAccessCollection, Equatable, Sendable {
    private var pieces: [[TextBlock]] = []
    /// Where each piece starts, counted in blocks: `starts[i]` blocks come before piece `i`.
    private var starts: [Int] = []
    private(set) var count = 0
    /// The UTF-8 bytes of the blocks' text: a measure of how long wrapping them all takes.
    private(set) var textBytes = 0

    init() {}

    init(_ blocks: [TextBlock]) {
        append(contentsOf: blocks)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> TextBlock {
        // The last piece whose start is at or before `position`.
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return pieces[low][position - starts[low]]
    }

    /// Adds `blocks` after the others, as a piece of its own.
    mutating func append(contentsOf blocks: [TextBlock]) {
        guard !blocks.isEmpty else { return }
        starts.append(count)
        pieces.append(blocks)
        count += blocks.count
        textBytes += blocks.reduce(0) { $0 + $1.text.utf8.count }
    }

    static func == (left: SyllabusBlocks, right: SyllabusBlocks) -> Bool {
        left.elementsEqual(right)
    }
}
