extension HTMLText {
    /// Converts an HTML fragment a piece at a time, so the first blocks of a long document can be
    /// shown while the rest is still being read.
    ///
    /// Pieces end between tokens, never inside a tag, an entity or a character, and a block is
    /// handed over only once it has ended, or a part of it once it is too long to wait for (see
    /// `TextBlock.joinsPrevious`); the blocks of all pieces together are exactly
    /// `HTMLText.blocks(from:)` of the whole input. Copying a converter is cheap: the input is shared.
    public struct Converter: Sendable {
        private var tokenizer: Tokenizer
        private var builder = BlockBuilder()
        /// Whether the whole input has been read and every block handed over.
        public private(set) var isFinished = false

        /// Starts converting `html`, reading its bytes where they are: the string's storage is shared, not copied.
        public init(_ html: String) {
            tokenizer = Tokenizer(html)
        }

        /// How many bytes of the input have been read.
        public var bytesRead: Int { tokenizer.offset }

        /// How many bytes the input holds.
        public var byteCount: Int { tokenizer.count }

        /// Reads about `budget` more bytes of the input (at least one token) and returns the blocks
        /// that ended; the last piece closes whatever is still open. Returns `[]` once finished.
        public mutating func next(reading budget: Int) -> [TextBlock] {
            guard !isFinished else { return [] }
            // One byte past the input at most, so a budget of `Int.max` reads to the end without overflowing.
            let end = tokenizer.offset + min(max(1, budget), tokenizer.count + 1)
            while tokenizer.offset < end {
                guard let token = tokenizer.next() else {
                    isFinished = true
                    return builder.finish()
                }
                builder.consume(token)
            }
            return builder.takeBlocks()
        }

        /// Reads on until at least `count` blocks have ended, the input is done or `limit` bytes
        /// have been read, `budget` bytes at a time.
        ///
        /// The limit keeps a document whose blocks are few and long (one paragraph of `<br>`s)
        /// from being read whole for its first blocks.
        public mutating func next(blocks count: Int, reading budget: Int, upTo limit: Int = .max) -> [TextBlock] {
            let start = tokenizer.offset
            var blocks = next(reading: budget)
            while blocks.count < count, !isFinished, tokenizer.offset - start < limit {
                blocks += next(reading: budget)
            }
            return blocks
        }
    }
}
