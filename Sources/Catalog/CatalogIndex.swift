import CanvasJSON
import CourseKit
import Dispatch
import FoundationEssentials
import Synchronization

/// A catalog whose course list is read at once and whose courses' long parts (syllabus,
/// modules, assignments) are decoded only when that course is opened.
///
/// A catalog file of a whole school runs to hundreds of megabytes, nearly all of it syllabi
/// and modules; the list shows none of that.
public struct CatalogIndex: Sendable {
    /// One course: what the list shows, and where the rest of it is.
    struct Summary: Sendable {
        /// The course, and whatever of its long parts the summary already held.
        var entry: Catalog.Entry
        /// Its place in the document's list, as errors name it.
        var position: Int
        var syllabus: Range<Int>?
        var modules: Range<Int>?
        var assignments: Range<Int>?
    }

    let data: Data
    let source: String
    let summaries: [Summary]
    let positions: [CourseID: Int]
    /// How much later every date is than the document says; details are moved as they are decoded.
    let shift: TimeInterval
    /// Courses of the source that were left out, one line each saying which and why.
    public let skipped: [String]

    /// Reads the list of a catalog document, naming `source` in any error; the same
    /// courses, in the same order and with the same lines for the skipped ones, as
    /// `Catalog.decode` gives.
    ///
    /// Checking the syntax, and reading the courses in a few parts, run on every core.
    ///
    /// With `shift`, every date of the catalog is that many seconds later.
    public init(_ data: Data, source: String, shiftingDatesBy shift: TimeInterval = 0) throws {
        // Offsets below count from the first byte; a slice of other data is copied to start at 0.
        let data = data.startIndex == 0 ? data : Data(data)
        let syntax = Mutex<JSONSyntaxError?>(nil)
        let layout = Mutex<CatalogLayout?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 0 {
                let error = JSONSyntaxError.locate(in: data)
                syntax.withLock { $0 = error }
            } else {
                let scanned = CatalogLayout.scan(data)
                layout.withLock { $0 = scanned }
            }
        }
        if let error = syntax.withLock({ $0 }) {
            throw CatalogError.malformed(path: source, detail: error.description)
        }
        guard let layout = layout.withLock({ $0 }), let elements = try? Self.readSummaries(of: data, layout: layout, source: source) else {
            // Another shape, or JSON that the decoder rejects though it is well-formed: the
            // full decoder reads it, or says what is wrong with it, as it always has.
            self.init(try Catalog.decode(data, source: source).shifted(by: shift), source: source)
            return
        }
        let (summaries, skipped) = Catalog.keepFirstOfEachID(elements) { $0.entry.course.id }
        self.init(data: data, source: source, summaries: summaries, skipped: skipped, shift: shift)
    }

    /// Each course's summary, or why it was left out, read a part of the list per core.
    private static func readSummaries(of data: Data, layout: CatalogLayout, source: String) throws -> [Result<Summary, Catalog.SkippedCourse>] {
        let count = layout.courses.count
        // Small parts, so what the decoder holds for the parts in hand stays small.
        let parts = max(1, min(max(ProcessInfo.processInfo.activeProcessorCount * 2, count / 2_000), count / 1_000))
        let read = Mutex<[Int: Result<[Result<Summary, Catalog.SkippedCourse>], any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            let result = Result {
                let document = layout.summaryDocument(of: data, courses: range)
                return try Catalog.readElements(document, source: source, firstPosition: range.lowerBound).enumerated().map { offset, element in
                    element.map { course in
                        let position = range.lowerBound + offset
                        let parts = layout.courses[position]
                        return Summary(entry: course.entry, position: position, syllabus: parts.syllabus, modules: parts.modules, assignments: parts.assignments)
                    }
                }
            }
            read.withLock { $0[part] = result }
        }
        let results = read.withLock { $0 }
        return try (0..<parts).flatMap { part in try results[part]?.get() ?? [] }
    }

    /// An index of a catalog already in memory, such as the embedded one.
    public init(_ catalog: Catalog, source: String) {
        let summaries = catalog.entries.enumerated().map { Summary(entry: $1, position: $0) }
        self.init(data: Data(), source: source, summaries: summaries, skipped: catalog.skipped)
    }

    private init(data: Data, source: String, summaries: [Summary], skipped: [String], shift: TimeInterval = 0) {
        self.data = data
        self.source = source
        self.shift = shift
        self.summaries = shift == 0 ? summaries : summaries.map { summary in
            var moved = summary
            moved.entry = summary.entry.shifted(by: shift)
            return moved
        }
        self.skipped = skipped
        var positions: [CourseID: Int] = [:]
        for (index, summary) in summaries.enumerated() {
            positions[summary.entry.course.id] = index
        }
        self.positions = positions
    }

    /// The courses `scope` shows at `now`, in catalog order.
    public func courses(in scope: CourseScope, at now: Date) -> [Course] {
        let courses = summaries.map(\.entry.course)
        switch scope {
        case .current: return courses.filter { !$0.hasEnded(at: now) }
        case .favorites: return courses.filter(\.isFavorite)
        case .all: return courses
        }
    }

    /// The course with `id`, or `CourseNotFound`.
    public func course(_ id: CourseID) throws -> Course {
        try summary(id).entry.course
    }

    func summary(_ id: CourseID) throws -> Summary {
        guard let index = positions[id] else { throw CourseNotFound(id: id) }
        return summaries[index]
    }
}
