import HTMLText

/// A syllabus's blocks as the pieces they were converted in, read as one collection.
///
/// A 10 MB syllabus is a hundred thousand blocks or more, arriving a piece at a time. Kept in
/// one array, every piece would grow it (leaving up to twice its size behind it) and, while the
/// laid-out lines share it, copy it whole. Pieces are appended as they come, packed (see
/// `PackedBlocks`), and a copy of the collection shares them all.
struct SyllabusBlocks: RandomAccessCollection, Equatable, Sendable {
    /// A piece packed, or as it came when a block of it is too long to pack.
    private enum Piece: Equatable, Sendable {
        case packed(PackedBlocks)
        case plain([TextBlock])

        var count: Int {
            switch self {
            case let .packed(blocks): blocks.count
            case let .plain(blocks): blocks.count
            }
        }

        subscript(index: Int) -> TextBlock {
            switch self {
            case let .packed(blocks): blocks[index]
            case let .plain(blocks): blocks[index]
            }
        }

        func isListItem(_ index: Int) -> Bool {
            switch self {
            case let .packed(blocks): blocks.isListItem(index)
            case let .plain(blocks): if case .listItem = blocks[index].kind { true } else { false }
            }
        }

        func joinsPrevious(_ index: Int) -> Bool {
            switch self {
            case let .packed(blocks): blocks.joinsPrevious(index)
            case let .plain(blocks): blocks[index].joinsPrevious != nil
            }
        }
    }

    private var pieces: [Piece] = []
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
        let (piece, index) = locate(position)
        return pieces[piece][index]
    }

    /// Whether block `position` is a list item, found without making its text.
    func isListItem(_ position: Int) -> Bool {
        let (piece, index) = locate(position)
        return pieces[piece].isListItem(index)
    }

    /// Whether block `position` is a later part of a block cut for length, found without making its text.
    func joinsPrevious(_ position: Int) -> Bool {
        let (piece, index) = locate(position)
        return pieces[piece].joinsPrevious(index)
    }

    /// Adds `blocks` after the others, as a piece of its own.
    mutating func append(contentsOf blocks: [TextBlock]) {
        guard !blocks.isEmpty else { return }
        starts.append(count)
        pieces.append(PackedBlocks(blocks).map(Piece.packed) ?? .plain(blocks))
        count += blocks.count
        textBytes += blocks.reduce(0) { $0 + $1.text.utf8.count }
    }

    /// The piece holding block `position`, and its index there.
    private func locate(_ position: Int) -> (piece: Int, index: Int) {
        // The last piece whose start is at or before `position`.
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (low, position - starts[low])
    }

    static func == (left: SyllabusBlocks, right: SyllabusBlocks) -> Bool {
        left.elementsEqual(right)
    }
}
