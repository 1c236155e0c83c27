import CanvasJSON

/// Reads a catalog document, `{"courses": [ … ]}`, from a stream, handing on its courses
/// in batches as their bytes arrive.
///
/// Anything else (another shape, a syntax error, the document ending early) is `Unread`:
/// the caller then reads the whole document the way that names what is wrong with it.
struct CatalogReader {
    /// Courses that arrived together, with the bytes they lie in.
    struct Batch: Sendable {
        var bytes: [UInt8]
        /// The offset in the document of `bytes`' first byte.
        var offset: Int
        /// The place in the document's list of the first course.
        var firstPosition: Int
        /// Each course, its ranges counted in `bytes`.
        var courses: [CourseLayout]
    }

    /// The document is not one this reader reads.
    struct Unread: Error {}

    private var stream: CatalogStream
    /// The offset in the document of the next byte to read.
    private var position = 0
    /// Courses read but not yet handed on, their ranges counted in the document.
    private var pending: [CourseLayout] = []
    private var handedOn = 0
    private let deliver: (Batch) -> Void
    /// About as much as a batch's courses span, so the cores share the work in parts.
    static let batchBytes = 1 << 20

    init(_ stream: CatalogStream, deliver: @escaping (Batch) -> Void) {
        self.stream = stream
        self.deliver = deliver
    }

    /// Reads the whole document, handing on every course; `end` hands on the last batch
    /// before this returns.
    mutating func read() throws {
        try skipByteOrderMark()
        try expect(UInt8(ascii: "{"))
        // An empty object has no courses, which the full decoder says.
        if try nextIs(UInt8(ascii: "}")) { throw Unread() }
        var sawCourses = false
        repeat {
            if try key() {
                guard !sawCourses else { throw Unread() }
                sawCourses = true
                try courses()
            } else {
                try otherValue()
            }
        } while try separator(closing: UInt8(ascii: "}"))
        guard sawCourses else { throw Unread() }
        try end()
    }

    private mutating func courses() throws {
        try expect(UInt8(ascii: "["))
        if try nextIs(UInt8(ascii: "]")) { return }
        repeat {
            let course = try step { cursor -> CourseLayout? in
                cursor.skipSpace()
                guard let first = cursor.peek, JSONSyntaxError.canStartValue(first) else { return nil }
                return CourseLayout.read(&cursor)
            }
            pending.append(course.moved(by: stream.start))
            if let first = pending.first, stream.start + course.range.upperBound - first.range.lowerBound >= Self.batchBytes {
                flush()
            }
        } while try separator(closing: UInt8(ascii: "]"))
    }

    /// Reads a member's key and its colon; true when it is `courses`.
    private mutating func key() throws -> Bool {
        try step { cursor -> Bool? in
            cursor.skipSpace()
            let start = cursor.index
            guard let key = cursor.string() else { return nil }
            let quoted = UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<cursor.index])
            guard JSONSyntaxError.isValid(quoted) else { return nil }
            cursor.skipSpace()
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            return cursor.isKey(key, "courses")
        }
    }

    /// Skips the value of a member other than `courses`, checking its syntax.
    private mutating func otherValue() throws {
        try step { cursor -> Void? in
            cursor.skipSpace()
            guard let first = cursor.peek, JSONSyntaxError.canStartValue(first), let value = cursor.value() else { return nil }
            return JSONSyntaxError.isValid(UnsafeRawBufferPointer(rebasing: cursor.bytes[value])) ? () : nil
        }
    }

    /// Takes a comma (true) or `closing` (false), after any whitespace.
    private mutating func separator(closing: UInt8) throws -> Bool {
        try step { cursor -> Bool? in
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: ",")) { return true }
            return cursor.take(closing) ? false : nil
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        try step { cursor -> Void? in
            cursor.skipSpace()
            return cursor.take(byte) ? () : nil
        }
    }

    /// Takes `byte` if it comes next after any whitespace.
    private mutating func nextIs(_ byte: UInt8) throws -> Bool {
        try step { cursor -> Bool? in
            cursor.skipSpace()
            guard let next = cursor.peek else { return nil }
            if next == byte { cursor.index += 1 }
            return next == byte
        }
    }

    private mutating func skipByteOrderMark() throws {
        while stream.count < 3, try stream.readMore(keepingFrom: 0) {}
        if stream.withWindow({ $0.starts(with: [0xEF, 0xBB, 0xBF]) }) { position = 3 }
    }

    /// Only whitespace may follow the document.
    private mutating func end() throws {
        while true {
            let from = position - stream.start
            let blank = stream.withWindow { window in
                window[from...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            }
            guard blank else { throw Unread() }
            position = stream.start + stream.count
            flush()
            guard try stream.readMore(keepingFrom: position) else { return }
        }
    }

    /// Runs `body` at the current position; when it needs bytes that have not arrived,
    /// reads more and runs it again.
    private mutating func step<Value>(_ body: (inout JSONCursor) -> Value?) throws -> Value {
        while true {
            let start = stream.start
            let (value, end, ranOut) = stream.withWindow { bytes in
                var cursor = JSONCursor(bytes, at: position - start)
                let value = body(&cursor)
                return (value, cursor.index + start, cursor.ranOut)
            }
            if let value {
                position = end
                return value
            }
            guard ranOut else { throw Unread() }
            // The courses read so far go on with the bytes they lie in, so that only the
            // one cut short is carried over into the next read, not the whole window.
            flush()
            guard try stream.readMore(keepingFrom: position) else { throw Unread() }
        }
    }

    /// Hands on the courses read so far, with the bytes they lie in.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let (bytes, start) = stream.handOff(keepingFrom: position)
        deliver(Batch(bytes: bytes, offset: start, firstPosition: handedOn, courses: pending.map { $0.moved(by: -start) }))
        handedOn += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}
