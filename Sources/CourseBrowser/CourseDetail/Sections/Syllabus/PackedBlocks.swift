import HTMLText

/// Blocks kept as their texts end to end in one buffer, with a small entry for each.
///
/// A 10 MB syllabus converts to a hundred thousand blocks and more, most of a line or two. Kept
/// as `TextBlock` values, each would be a 64-byte value and a string allocated on its own: twice
/// the memory of their text. Packed, a block costs its bytes and 24 more, and a piece is two
/// allocations; reading one back makes its `TextBlock` for the moment it is wrapped or drawn.
struct PackedBlocks: Equatable, Sendable {
    /// Where a block's bytes are in `bytes` (its text, its list marker, then what joins it to the
    /// block before) and what kind it is.
    private struct Entry: Equatable {
        var start: UInt32
        var textLength: UInt32
        var markerLength: UInt32
        /// `UInt32.max` for a block of its own.
        var joinLength: UInt32
        /// A heading's level or a list item's depth.
        var number: Int32
        var kind: Kind
    }

    private enum Kind: UInt8 {
        case heading, paragraph, listItem, quote, preformatted, rule
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// `blocks` packed; nil when one of them is too long for the entries' counts (gigabytes).
    init?(_ blocks: [TextBlock]) {
        entries.reserveCapacity(blocks.count)
        bytes.reserveCapacity(blocks.reduce(0) { $0 + Self.byteCount(of: $1) })
        for block in blocks {
            guard append(block) else { return nil }
        }
    }

    var count: Int { entries.count }

    subscript(index: Int) -> TextBlock {
        let entry = entries[index]
        let textEnd = Int(entry.start) + Int(entry.textLength)
        let markerEnd = textEnd + Int(entry.markerLength)
        let text = string(Int(entry.start)..<textEnd)
        let join = entry.joinLength == .max ? nil : string(markerEnd..<markerEnd + Int(entry.joinLength))
        return TextBlock(kind: kind(of: entry, marker: markerEnd - textEnd > 0 ? string(textEnd..<markerEnd) : ""), text: text, joinsPrevious: join)
    }

    /// Whether block `index` is a list item, read without making its text.
    func isListItem(_ index: Int) -> Bool {
        entries[index].kind == .listItem
    }

    /// Whether block `index` is a later part of a block cut for length, read without making its text.
    func joinsPrevious(_ index: Int) -> Bool {
        entries[index].joinLength != .max
    }

    private func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private func kind(of entry: Entry, marker: String) -> TextBlock.Kind {
        switch entry.kind {
        case .heading: .heading(level: Int(entry.number))
        case .paragraph: .paragraph
        case .listItem: .listItem(marker: marker, depth: Int(entry.number))
        case .quote: .quote
        case .preformatted: .preformatted
        case .rule: .rule
        }
    }

    /// Appends `block`'s bytes and its entry; false when a count does not fit.
    private mutating func append(_ block: TextBlock) -> Bool {
        let (kind, number, marker) = Self.parts(of: block.kind)
        guard let start = UInt32(exactly: bytes.count),
              let textLength = UInt32(exactly: block.text.utf8.count),
              let markerLength = UInt32(exactly: marker.utf8.count),
              let number = Int32(exactly: number) else { return false }
        var joinLength = UInt32.max
        if let join = block.joinsPrevious {
            guard let length = UInt32(exactly: join.utf8.count), length < .max else { return false }
            joinLength = length
        }
        let end = UInt64(start) + UInt64(textLength) + UInt64(markerLength) + UInt64(joinLength == .max ? 0 : joinLength)
        guard end <= UInt64(UInt32.max) else { return false }
        bytes.append(contentsOf: block.text.utf8)
        bytes.append(contentsOf: marker.utf8)
        bytes.append(contentsOf: (block.joinsPrevious ?? "").utf8)
        entries.append(Entry(start: start, textLength: textLength, markerLength: markerLength, joinLength: joinLength, number: number, kind: kind))
        return true
    }

    private static func byteCount(of block: TextBlock) -> Int {
        block.text.utf8.count + parts(of: block.kind).2.utf8.count + (block.joinsPrevious?.utf8.count ?? 0)
    }

    private static func parts(of kind: TextBlock.Kind) -> (Kind, Int, String) {
        switch kind {
        case let .heading(level): (.heading, level, "")
        case .paragraph: (.paragraph, 0, "")
        case let .listItem(marker, depth): (.listItem, depth, marker)
        case .quote: (.quote, 0, "")
        case .preformatted: (.preformatted, 0, "")
        case .rule: (.rule, 0, "")
        }
    }
}
