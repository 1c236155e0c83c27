/// A catalog document read a chunk at a time, holding only the part not yet dealt with.
struct CatalogStream {
    /// The window's bytes, then room for the next read.
    private var buffer: [UInt8] = []
    /// How many of `buffer`'s bytes are the window's: the document from `start` on.
    private(set) var count = 0
    /// The offset in the document of the window's first byte.
    private(set) var start = 0
    /// Whether the window reaches the document's end.
    private(set) var finished = false
    /// Fills the buffer with the document's next bytes, up to its size (fewer is fine, as a
    /// pipe gives them); returns how many, 0 at its end.
    private let next: (UnsafeMutableRawBufferPointer) throws -> Int
    private static let chunk = 1 << 20

    init(next: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.next = next
    }

    /// A document already whole in memory, held without a copy.
    init(complete bytes: [UInt8]) {
        buffer = bytes
        count = bytes.count
        finished = true
        isComplete = true
        next = { _ in 0 }
    }

    /// Whether the buffer is a whole document given at the start, which every batch shares.
    private var isComplete = false

    /// Calls `body` with the window's bytes.
    func withWindow<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Drops the bytes before `offset` and reads on; false when the document has ended.
    ///
    /// Room is made for at least as much as is held, so a course longer than a chunk is
    /// scanned again only a few times as its bytes arrive.
    mutating func readMore(keepingFrom offset: Int) throws -> Bool {
        guard !finished else { return false }
        dropBytes(before: offset)
        let room = max(Self.chunk, count)
        if buffer.count < count + room {
            grow(to: count + room)
        }
        let held = count
        let read = try buffer.withUnsafeMutableBytes { bytes in
            try next(UnsafeMutableRawBufferPointer(rebasing: bytes[held..<(held + room)]))
        }
        count += read
        finished = read == 0
        return !finished
    }

    /// Gives up the bytes held, for what was read from them; keeps those from `offset` on.
    mutating func handOff(keepingFrom offset: Int) -> (bytes: [UInt8], start: Int) {
        // A whole document stays as it is: each batch holds the same bytes, none a copy.
        if isComplete { return (buffer, start) }
        if buffer.count > count { buffer.removeLast(buffer.count - count) }
        let handed = (bytes: buffer, start: start)
        buffer = Array(handed.bytes[(offset - start)...])
        count = buffer.count
        start = offset
        return handed
    }

    /// Makes the buffer `size` bytes long, keeping what is held; the room after it is
    /// left as it comes, since reads write it before anything reads it.
    private mutating func grow(to size: Int) {
        let held = count
        buffer = buffer.withUnsafeBytes { old in
            [UInt8](unsafeUninitializedCapacity: size) { new, initialized in
                if held > 0, let from = old.baseAddress, let to = new.baseAddress {
                    UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: held)
                }
                initialized = size
            }
        }
    }

    private mutating func dropBytes(before offset: Int) {
        let dropped = offset - start
        guard dropped > 0 else { return }
        let kept = count - dropped
        buffer.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            base.copyMemory(from: base + dropped, byteCount: kept)
        }
        count = kept
        start = offset
    }
}
