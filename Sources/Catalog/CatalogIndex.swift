import CanvasJSON
import CourseKit
import FoundationEssentials

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
    /// Courses of the source that were left out, one line each saying which and why.
    public let skipped: [String]

    /// Reads the list of a catalog document, naming `source` in any error; the same
    /// courses, in the same order and with the same lines for the skipped ones, as
    /// `Catalog.decode` gives.
    public init(_ data: Data, source: String) throws {
        // Offsets below count from the first byte; a slice of other data is copied to start at 0.
        let data = data.startIndex == 0 ? data : Data(data)
        if let syntax = JSONSyntaxError.locate(in: data) {
            throw CatalogError.malformed(path: source, detail: syntax.description)
        }
        guard let layout = CatalogLayout.scan(data) else {
            self.init(try Catalog.decode(data, source: source), source: source)
            return
        }
        let (courses, skipped) = try Catalog.readCourses(layout.summaryDocument(of: data), source: source)
        let summaries = courses.map { position, course in
            let parts = layout.courses[position]
            return Summary(entry: course.entry, position: position, syllabus: parts.syllabus, modules: parts.modules, assignments: parts.assignments)
        }
        self.init(data: data, source: source, summaries: summaries, skipped: skipped)
    }

    /// An index of a catalog already in memory, such as the embedded one.
    public init(_ catalog: Catalog, source: String) {
        let summaries = catalog.entries.enumerated().map { Summary(entry: $1, position: $0) }
        self.init(data: Data(), source: source, summaries: summaries, skipped: catalog.skipped)
    }

    private init(data: Data, source: String, summaries: [Summary], skipped: [String]) {
        self.data = data
        self.source = source
        self.summaries = summaries
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
