import CanvasJSON
import Dispatch
import FoundationEssentials
import Synchronization

extension CatalogIndex {
    /// What one batch of courses gave: the summaries of those read, and a line for each
    /// left out, with its place in the document.
    struct ReadBatch: Sendable {
        var summaries: [Summary] = []
        var skipped: [(position: Int, line: String)] = []
    }

    /// The document's summaries, and why any course was left out, in the document's order.
    ///
    /// Each batch is taken into the list as soon as those before it are, on whichever reading
    /// thread finished it, so the list is whole when the last batch is read rather than
    /// put together after all of them, while the other core waits.
    static func readSummaries(from stream: CatalogStream, source: String) throws -> (summaries: Summaries, skipped: [(position: Int, line: String)]) {
        let joined = Joined()
        let group = DispatchGroup()
        // A few batches in hand at once, so what is held stays a few megabytes.
        let slots = DispatchSemaphore(value: 4)
        var count = 0
        var reader = CatalogReader(stream) { batch in
            let number = count
            count += 1
            slots.wait()
            DispatchQueue.global().async(group: group) {
                let result = Result { try summaries(of: batch, source: source) }
                joined.state.withLock { $0.arrive(number, result) }
                slots.signal()
            }
        }
        let read = Result { try reader.read() }
        group.wait()
        try read.get()
        var state = joined.state.withLock { state in
            defer { state = JoinState() }
            return state
        }
        if let failure = state.failure { throw failure }
        state.summaries.finish(skipped: &state.skipped)
        return (state.summaries, state.skipped)
    }

    /// The summaries of one batch's courses; `Unread` if any is not valid JSON, or is
    /// JSON that the decoder refuses.
    private static func summaries(of batch: CatalogReader.Batch, source: String) throws -> ReadBatch {
        var read = ReadBatch()
        read.summaries.reserveCapacity(batch.courses.count)
        try batch.bytes.withUnsafeBytes { bytes in
            for (offset, layout) in batch.courses.enumerated() {
                let position = batch.firstPosition + offset
                switch try summary(of: layout, in: bytes, at: position, movedBy: batch.offset, source: source) {
                case let .success(summary): read.summaries.append(summary)
                case let .failure(skip): read.skipped.append((position, skip.line))
                }
            }
        }
        return read
    }

    private static func summary(
        of layout: CourseLayout, in bytes: UnsafeRawBufferPointer, at position: Int, movedBy offset: Int, source: String
    ) throws -> Result<Summary, Catalog.SkippedCourse> {
        guard JSONSyntaxError.isValid(UnsafeRawBufferPointer(rebasing: bytes[layout.range])) else {
            throw CatalogReader.Unread()
        }
        guard layout.isPlain else {
            // Read whole, long parts and all, as the full decoder reads it.
            return try decoded(layout, in: bytes, position: position, source: source).map { course in
                Summary(entry: course.entry, position: position)
            }
        }
        let course = try layout.kept.flatMap { PlainJSONReader.course(members: $0, in: bytes) }.map { .success(CatalogCourse(canvas: $0)) }
            ?? decoded(layout, in: bytes, position: position, source: source)
        let parts = layout.moved(by: offset)
        return course.map { course in
            Summary(
                entry: course.entry, position: position, syllabus: parts.syllabus, modules: parts.modules, assignments: parts.assignments,
                announcements: parts.announcements, files: parts.files
            )
        }
    }

    /// The course read by `JSONDecoder`, which also says why one can't be read.
    private static func decoded(_ layout: CourseLayout, in bytes: UnsafeRawBufferPointer, position: Int, source: String) throws -> Result<CatalogCourse, Catalog.SkippedCourse> {
        let document = layout.summaryDocument(in: bytes)
        guard let element = try? Catalog.readElements(document, source: source, firstPosition: position).first else {
            throw CatalogReader.Unread()
        }
        return element
    }

    /// The list as the batches are taken in, from every core.
    private final class Joined: Sendable {
        let state = Mutex(JoinState())
    }

    /// The batches taken in so far, in the document's order, and those finished before
    /// one ahead of them.
    struct JoinState {
        var summaries = Summaries()
        var skipped: [(position: Int, line: String)] = []
        /// The first batch that could not be read, in the document's order; nothing after it is taken in.
        var failure: (any Error)?
        private var next = 0
        private var early: [Int: Result<ReadBatch, any Error>] = [:]

        /// Takes in batch `number`, and those after it that came early, once every batch before it is in.
        mutating func arrive(_ number: Int, _ result: Result<ReadBatch, any Error>) {
            guard failure == nil else { return }
            early[number] = result
            while failure == nil, let ready = early.removeValue(forKey: next) {
                next += 1
                switch ready {
                case let .success(batch):
                    skipped += batch.skipped
                    summaries.add(batch.summaries)
                case let .failure(error):
                    failure = error
                    early = [:]
                }
            }
        }
    }
}
