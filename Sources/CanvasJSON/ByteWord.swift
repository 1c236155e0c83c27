/// Eight bytes looked at together, for the scans that pass over every byte of a catalog.
///
/// Each answer is a word with the high bit set in the bytes that match. A borrow can mark a
/// byte wrongly, but only above one rightly marked, so the lowest bit set is always exact:
/// `trailingZeroBitCount / 8` is the first match.
package enum ByteWord {
    /// The bytes of `word` that equal `byte`.
    @inlinable @inline(__always)
    package static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ (UInt64(byte) &* ones))
    }

    /// The bytes of `word` below `bound`, of those under 0x80.
    @inlinable @inline(__always)
    package static func bytes(of word: UInt64, below bound: UInt8) -> UInt64 {
        (word &- UInt64(bound) &* ones) & ~word & high
    }

    /// The bytes of `word` from 0x80 up.
    @inlinable @inline(__always)
    package static func nonASCII(_ word: UInt64) -> UInt64 {
        word & high
    }

    @inlinable @inline(__always)
    static func zeroBytes(_ value: UInt64) -> UInt64 {
        (value &- ones) & ~value & high
    }

    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let high: UInt64 = 0x8080_8080_8080_8080
}
