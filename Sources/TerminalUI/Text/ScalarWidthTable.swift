/// The ``ScalarWidthKind`` of every scalar below U+20000, found with two array reads.
///
/// Scalars are grouped into blocks of 128; blocks with the same contents (all of a CJK
/// range, say) are stored once, so the table takes about 20 KB. It is built on first
/// use from the standard library's own Unicode properties, so it cannot drift from
/// them; scalars above it (CJK extensions B and later, tags, private use) are rare
/// enough to be classified from their properties each time.
struct ScalarWidthTable: Sendable {
    /// Built once, the first time a cluster is measured: that reads the properties of
    /// 128K scalars, some 15 ms in a release build.
    static let shared = ScalarWidthTable()

    private static let blockShift = 7
    private static let blockSize = 1 << blockShift
    /// Planes 0 and 1: every script in use today, and the emoji.
    private static let coveredScalars = 0x20000

    /// For each block of scalars, which stored block holds its kinds.
    private let blockIndex: [UInt16]
    /// The distinct blocks, one after another.
    private let kinds: [ScalarWidthKind]

    init() {
        var blockIndex: [UInt16] = []
        var kinds: [ScalarWidthKind] = []
        var stored: [[ScalarWidthKind]: UInt16] = [:]
        let blockCount = Self.coveredScalars >> Self.blockShift
        blockIndex.reserveCapacity(blockCount)
        for block in 0..<blockCount {
            let first = UInt32(block << Self.blockShift)
            let contents = (first..<first + UInt32(Self.blockSize)).map(Self.classify)
            if let index = stored[contents] {
                blockIndex.append(index)
            } else {
                let index = UInt16(stored.count)
                stored[contents] = index
                blockIndex.append(index)
                kinds += contents
            }
        }
        self.blockIndex = blockIndex
        self.kinds = kinds
    }

    /// How `scalar` counts as a cluster's base.
    func kind(of scalar: Unicode.Scalar) -> ScalarWidthKind {
        let value = Int(scalar.value)
        guard value < Self.coveredScalars else { return ScalarWidthKind(classifying: scalar) }
        let block = Int(blockIndex[value >> Self.blockShift])
        return kinds[block << Self.blockShift | value & (Self.blockSize - 1)]
    }

    /// Surrogate code points are not scalars and never reach a lookup; any kind will do for them.
    private static func classify(_ value: UInt32) -> ScalarWidthKind {
        Unicode.Scalar(value).map(ScalarWidthKind.init(classifying:)) ?? .narrow
    }
}
