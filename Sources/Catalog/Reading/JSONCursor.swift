#if canImport(Glibc)
import Glibc
#endif

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
        guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return nil }
        let start = index
        // The closing quote is the first one not escaped: behind it, an even run of backslashes.
        var from = index
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) {
            let quote = base.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while quote - backslashes > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes.isMultiple(of: 2) {
                index = quote + 1
                return start..<quote
            }
            from = quote + 1
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
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return nil }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    // Foundation refuses a document nested 512 deep: such a one is read whole.
                    guard depth <= Self.deepestNesting else { return nil }
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { return start..<index }
            }
            return nil
        default:
            while let byte = peek, !Self.endsLiteral(byte) {
                index += 1
            }
            // A number or word running to the end of the bytes at hand may go on after them.
            return ranOut || index == start ? nil : start..<index
        }
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
