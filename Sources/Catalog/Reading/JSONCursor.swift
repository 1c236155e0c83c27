/// A place in JSON bytes that are known, or will be checked, to be valid: it finds where
/// things start and end, and notes when it ran into the end of the bytes it has.
struct JSONCursor {
    let bytes: UnsafeRawBufferPointer
    var index: Int
    /// Set when a step needed a byte past the end: with more of the document it may succeed.
    private(set) var ranOut = false

    init(_ bytes: UnsafeRawBufferPointer, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var peek: UInt8? {
        mutating get {
            guard index < bytes.count else {
                ranOut = true
                return nil
            }
            return bytes[index]
        }
    }

    /// Takes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Skips JSON's four whitespace bytes.
    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    /// Skips a string; returns the range of its contents, without the quotes.
    mutating func string() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while let found = next(Self.quoteOrBackslash) {
            if bytes[found] == UInt8(ascii: "\"") {
                index = found + 1
                return start..<found
            }
            // A backslash and the byte it escapes.
            index = found + 2
        }
        index = bytes.count
        ranOut = true
        return nil
    }

    /// Skips one value of any kind, nested ones without recursion; returns its range.
    mutating func value() -> Range<Int>? {
        let start = index
        guard let first = peek else { return nil }
        switch first {
        case UInt8(ascii: "\""):
            return string().map { _ in start..<index }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let found = next(Self.quoteOrBracket) {
                index = found
                switch bytes[found] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return nil }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    // Foundation refuses a document nested 512 deep: such a one is read whole.
                    guard depth <= Self.deepestNesting else { return nil }
                default:
                    depth -= 1
                }
                index += 1
                if depth == 0 { return start..<index }
            }
            index = bytes.count
            ranOut = true
            return nil
        default:
            while let byte = peek, !Self.endsLiteral(byte) {
                index += 1
            }
            // A number or word running to the end of the bytes at hand may go on after them.
            return ranOut || index == start ? nil : start..<index
        }
    }

    /// Where the next byte that `marks` marks is, from `index` on; nil when none is.
    ///
    /// Eight bytes at a time: this is the one loop that passes over every byte of a catalog
    /// before its courses go to the other cores.
    private func next(_ marks: (UInt64) -> UInt64) -> Int? {
        var offset = index
        let count = bytes.count
        while offset + 8 <= count {
            let marked = marks(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if marked != 0 { return offset + marked.trailingZeroBitCount >> 3 }
            offset += 8
        }
        while offset < count {
            if marks(UInt64(bytes[offset])) & 0x80 != 0 { return offset }
            offset += 1
        }
        return nil
    }

    /// The high bit of each byte that equals `byte`: the lowest one set is always the first
    /// such byte (a borrow can mark a byte wrongly, but only above one rightly marked).
    private static func bytes(of word: UInt64, equalTo byte: UInt64) -> UInt64 {
        let matched = word ^ (byte &* 0x0101_0101_0101_0101)
        return (matched &- 0x0101_0101_0101_0101) & ~matched & 0x8080_8080_8080_8080
    }

    private static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
        bytes(of: word, equalTo: 0x22) | bytes(of: word, equalTo: 0x5C)
    }

    /// Quotes, and `{`, `[`, `}` and `]`, which are `{` and `}` but for the bit 0x20.
    private static func quoteOrBracket(_ word: UInt64) -> UInt64 {
        let folded = word | 0x2020_2020_2020_2020
        return bytes(of: word, equalTo: 0x22) | bytes(of: folded, equalTo: 0x7B) | bytes(of: folded, equalTo: 0x7D)
    }

    /// Whether the raw key in `range` is `name` (keys written with escapes never are).
    func isKey(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] {
            return false
        }
        return true
    }

    static let deepestNesting = 500

    private static func endsLiteral(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ":")
            || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
