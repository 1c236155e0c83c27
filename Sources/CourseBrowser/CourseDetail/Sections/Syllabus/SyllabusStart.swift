import HTMLText

/// The first screenful of a syllabus's blocks, and the converter that reads the rest.
///
/// A syllabus can be megabytes of HTML; converting all of it before showing any would keep
/// the reader waiting, so the pane shows these blocks at once and asks for the rest in pieces.
struct SyllabusStart: Sendable {
    /// Blocks enough to fill a screen, or all of them for a short syllabus.
    var blocks: [TextBlock]
    /// What reads the rest, while there is more to read.
    var rest: HTMLText.Converter?

    /// How many blocks make a first screenful, and more: a block is a line or more.
    static let firstBlocks = 100
    /// How much HTML the first piece reads at a time until it has its blocks.
    static let firstBudget = 16 * 1024
    /// The most HTML the first piece reads however few blocks it found: a saved copy's first
    /// piece is converted on the main actor, before the pane's first frame.
    static let firstLimit = 256 * 1024
    /// How much HTML each later piece reads: a few milliseconds of converting and of wrapping
    /// on the main actor, so a key pressed meanwhile waits no longer than that.
    static let pieceBudget = 64 * 1024

    /// The first blocks of `html`; no syllabus converts to none.
    init(_ html: String?) {
        guard let html else {
            self.init(blocks: [], rest: nil)
            return
        }
        var converter = HTMLText.Converter(html)
        let blocks = converter.next(blocks: Self.firstBlocks, reading: Self.firstBudget, upTo: Self.firstLimit)
        self.init(blocks: blocks, rest: converter.isFinished ? nil : converter)
    }

    init(blocks: [TextBlock], rest: HTMLText.Converter?) {
        self.blocks = blocks
        self.rest = rest
    }

    /// ``init(_:)`` off the caller's actor, so converting never holds up a key.
    nonisolated static func converting(_ html: String?) async -> SyllabusStart {
        SyllabusStart(html)
    }

    /// The next piece of `converter`'s blocks, read off the caller's actor, with the converter moved past them.
    nonisolated static func piece(of converter: HTMLText.Converter) async -> (HTMLText.Converter, [TextBlock]) {
        var converter = converter
        let blocks = converter.next(reading: pieceBudget)
        return (converter, blocks)
    }
}
