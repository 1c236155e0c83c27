import CanvasJSON
import CourseKit
import FoundationEssentials

/// A catalog whose course list is read at once and whose courses' long parts (syllabus,
/// modules, assignments) are decoded only when that course is opened.
///
/// A catalog file of a whole school runs to hundreds of megabytes, nearly all of it syllabi
/// and modules; the list shows none of that, and the index holds none of it.
public struct CatalogIndex: Sendable {
    let bytes: CatalogBytes
    let source: String
    let summaries: Summaries
    /// How much later every date is than the document says; details are moved as they are decoded.
    let shift: TimeInterval
    /// Courses of the source that were left out, one line each saying which and why.
    public let skipped: [String]
    /// This reading of the source, told apart from a later one of the same file: relative
    /// dates count from when a reading was first used.
    let reading = UUID()

    /// Reads the list of a catalog document, naming `source` in any error; the same
    /// courses, in the same order and with the same lines for the skipped ones, as
    /// `Catalog.decode` gives.
    ///
    /// With `shift`, every date of the catalog is that many seconds later.
    public init(_ data: Data, source: String, shiftingDatesBy shift: TimeInterval = 0) throws {
        try self.init(bytes: [UInt8](data), source: source, shiftingDatesBy: shift)
    }

    /// The same for a document's bytes, which are kept as they are, not copied: the
    /// embedded catalog is read straight from the program's data.
    init(bytes: [UInt8], source: String, shiftingDatesBy shift: TimeInterval = 0) throws {
        do {
            try self.init(CatalogStream(complete: bytes), bytes: .memory(bytes), source: source, shift: shift)
        } catch is CatalogReader.Unread {
            try self.init(wholeDocument: Data(bytes), source: source, shift: shift)
        }
    }

    /// Reads the list from `stream`, a chunk at a time, while earlier chunks' courses are
    /// read on the other cores; throws `CatalogReader.Unread` for a document to read whole.
    init(_ stream: CatalogStream, bytes: CatalogBytes, source: String, shift: TimeInterval) throws {
        let (summaries, skipped) = try Self.readSummaries(from: stream, source: source)
        self.init(bytes: bytes, source: source, summaries: summaries, skipped: skipped.map(\.line), shift: shift)
    }

    /// Reads a document of another shape, or one with an error, with the full decoder, which
    /// says what is wrong as it always has.
    init(wholeDocument data: Data, source: String, shift: TimeInterval) throws {
        if let error = JSONSyntaxError.locate(in: data) {
            throw CatalogError.malformed(path: source, detail: error.description)
        }
        self.init(try Catalog.decode(data, source: source).shifted(by: shift), source: source)
    }

    /// An index of a catalog already in memory.
    public init(_ catalog: Catalog, source: String) {
        var repeats: [(position: Int, line: String)] = []
        let summaries = Summaries(catalog.entries.enumerated().map { Summary(entry: $1, position: $0) }, skipped: &repeats)
        self.init(bytes: .memory([]), source: source, summaries: summaries, skipped: catalog.skipped + repeats.map(\.line))
    }

    private init(bytes: CatalogBytes, source: String, summaries: Summaries, skipped: [String], shift: TimeInterval = 0) {
        self.bytes = bytes
        self.source = source
        self.shift = shift
        self.summaries = shift == 0 ? summaries : summaries.map { summary in
            var moved = summary
            moved.entry = summary.entry.shifted(by: shift)
            return moved
        }
        self.skipped = skipped
    }

    /// The courses `scope` shows at `now`, in catalog order: the index's own array, not a
    /// copy, when it shows them all.
    public func courses(in scope: CourseScope, at now: Date) -> [Course] {
        let all = summaries.courses
        guard all.contains(where: { !scope.shows($0, at: now) }) else { return all }
        return all.filter { scope.shows($0, at: now) }
    }

    /// The course with `id`, or `CourseNotFound`.
    public func course(_ id: CourseID) throws -> Course {
        try summary(id).course
    }

    func summary(_ id: CourseID) throws -> Summary {
        guard let summary = summaries[id] else { throw CourseNotFound(id: id) }
        return summary
    }
}
