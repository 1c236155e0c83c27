/// The ``ScalarWidthKind`` of every scalar below U+20000, found with two array reads.
///
/// Scalars are grouped into blocks of 128; blocks with the same contents (all of a CJK
/// range, say) are stored once, so the table takes about 20 KB. Scalars above it (CJK
/// extensions B and later, tags, private use) are rare enough to be classified from their
/// properties each time.
struct ScalarWidthTable: Sendable {
    /// The table compiled into the program (`ScalarWidthData`), so the first frame does not
    /// wait some 15 ms for 128K scalars' properties to be read. A test checks that it is
    /// what `computed()` makes from the standard library's own properties.
    static let shared = ScalarWidthTable(blockIndex: ScalarWidthData.blockIndex, kinds: ScalarWidthData.kinds)

    private static let blockShift = 7
    private static let blockSize = 1 << blockShift
    /// Planes 0 and 1: every script in use today, and the emoji.
    private static let coveredScalars = 0x20000

    /// For each block of scalars, which stored block holds its kinds.
    let blockIndex: [UInt16]
    /// The distinct blocks, one after another: each scalar's `ScalarWidthKind.rawValue`.
    let kinds: [UInt8]

    init(blockIndex: [UInt16], kinds: [UInt8]) {
        self.blockIndex = blockIndex
        self.kinds = kinds
    }

    /// The table made from the standard library's Unicode properties, as `ScalarWidthData` holds it.
    static func computed() -> ScalarWidthTable {
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
        return ScalarWidthTable(blockIndex: blockIndex, kinds: kinds)
    }

    /// How `scalar` counts as a cluster's base.
    func kind(of scalar: Unicode.Scalar) -> ScalarWidthKind {
        let value = Int(scalar.value)
        guard value < Self.coveredScalars else { return ScalarWidthKind(classifying: scalar) }
        let block = Int(blockIndex[value >> Self.blockShift])
        return ScalarWidthKind(rawValue: kinds[block << Self.blockShift | value & (Self.blockSize - 1)]) ?? .narrow
    }

    /// Surrogate code points are not scalars and never reach a lookup; any kind will do for them.
    private static func classify(_ value: UInt32) -> ScalarWidthKind {
        Unicode.Scalar(value).map(ScalarWidthKind.init(classifying:)) ?? .narrow
    }
}
