/// The ``ScalarWidthKind`` of every scalar below U+20000, found with two array reads.
///
/// Scalars are grouped into blocks of 128; blocks with the same contents (all of a CJK
/// range, say) are stored once, so the table takes about 20 KB. Scalars above it (CJK
/// extensions B and later, tags, private use) are rare enough to be classified from their
/// properties each time.
///
/// The table is constant data compiled into the program (`ScalarWidthData`), so the first
/// frame does not wait some 15 ms for 128K scalars' properties to be read; a test checks it
/// against what `computed()` makes from the standard library's own properties. There is no
/// instance to share: Unicode has one answer per scalar.
enum ScalarWidthTable {
    /// The two arrays of the table, as `ScalarWidthData` holds them.
    struct Arrays: Equatable {
        /// For each block of scalars, which stored block holds its kinds.
        var blockIndex: [UInt16]
        /// The distinct blocks, one after another: each scalar's `ScalarWidthKind.rawValue`.
        var kinds: [UInt8]
    }

    private static let blockShift = 7
    private static let blockSize = 1 << blockShift
    /// Planes 0 and 1: every script in use today, and the emoji.
    private static let coveredScalars = 0x20000

    /// The table made from the standard library's Unicode properties, as `ScalarWidthData` holds it.
    static func computed() -> Arrays {
        var blockIndex: [UInt16] = []
        var kinds: [UInt8] = []
        var stored: [[UInt8]: UInt16] = [:]
        let blockCount = Self.coveredScalars >> Self.blockShift
        blockIndex.reserveCapacity(blockCount)
        for block in 0..<blockCount {
            let first = UInt32(block << Self.blockShift)
            let contents = (first..<first + UInt32(Self.blockSize)).map { Self.classify($0).rawValue }
            if let index = stored[contents] {
                blockIndex.append(index)
            } else {
                let index = UInt16(stored.count)
                stored[contents] = index
                blockIndex.append(index)
                kinds += contents
            }
        }
        return Arrays(blockIndex: blockIndex, kinds: kinds)
    }

    /// How `scalar` counts as a cluster's base.
    static func kind(of scalar: Unicode.Scalar) -> ScalarWidthKind {
        let value = Int(scalar.value)
        guard value < coveredScalars else { return ScalarWidthKind(classifying: scalar) }
        let block = Int(ScalarWidthData.blockIndex[value >> blockShift])
        return ScalarWidthKind(rawValue: ScalarWidthData.kinds[block << blockShift | value & (blockSize - 1)]) ?? .narrow
    }

    /// Surrogate code points are not scalars and never reach a lookup; any kind will do for them.
    private static func classify(_ value: UInt32) -> ScalarWidthKind {
        Unicode.Scalar(value).map(ScalarWidthKind.init(classifying:)) ?? .narrow
    }
}
