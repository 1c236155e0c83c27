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

    /// Each batch's summaries, and why any course was left out, in the document's order.
    static func readSummaries(from stream: CatalogStream, source: String) throws -> [ReadBatch] {
        let collected = Collected()
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
                collected.results.withLock { $0[number] = result }
                slots.signal()
            }
        }
        let read = Result { try reader.read() }
        group.wait()
        try read.get()
        // Moved out, so each batch's array keeps one owner and is never copied.
        var results = collected.results.withLock { results in
            defer { results = [:] }
            return results
        }
        return try (0..<count).map { number in try results.removeValue(forKey: number)?.get() ?? ReadBatch() }
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

    /// The batches' results as they come in, from every core.
    private final class Collected: Sendable {
        let results = Mutex<[Int: Result<ReadBatch, any Error>]>([:])
    }
}
