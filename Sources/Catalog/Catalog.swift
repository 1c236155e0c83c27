import CourseKit
import FoundationEssentials

/// Courses with their syllabi and modules, held in memory: what the offline backends serve.
public struct Catalog: Sendable {
    /// One course and everything the detail pane shows about it.
    public struct Entry: Sendable {
        public var course: Course
        public var syllabusHTML: String?
        public var modules: [CourseModule]
        public var assignments: [Assignment]
        /// Due dates given relative to the catalog's reading: seconds from then, by assignment ID.
        public var dueOffsets: [String: TimeInterval]
        public var announcements: [Announcement]
        /// Posting dates given relative to the catalog's reading: seconds before then, by announcement ID.
        public var postedAges: [String: TimeInterval]
        /// The course's files as the catalog writes them.
        var files: [CatalogCourseFile] = []

        public init(
            course: Course, syllabusHTML: String? = nil, modules: [CourseModule] = [], assignments: [Assignment] = [],
            dueOffsets: [String: TimeInterval] = [:], announcements: [Announcement] = [], postedAges: [String: TimeInterval] = [:]
        ) {
            self.course = course
            self.syllabusHTML = syllabusHTML
            self.modules = modules
            self.assignments = assignments
            self.dueOffsets = dueOffsets
            self.announcements = announcements
            self.postedAges = postedAges
        }
    }

    public var entries: [Entry]
    /// Courses of the source that were left out, one line each saying which and why.
    public var skipped: [String]

    public init(entries: [Entry], skipped: [String] = []) {
        self.entries = entries
        self.skipped = skipped
    }

    /// The entry for `id`, or `CourseNotFound`.
    public func entry(_ id: CourseID) throws -> Entry {
        guard let entry = entries.first(where: { $0.course.id == id }) else {
            throw CourseNotFound(id: id)
        }
        return entry
    }

    /// The courses `scope` shows at `now`, in catalog order.
    public func courses(in scope: CourseScope, at now: Date) -> [Course] {
        entries.lazy.map(\.course).filter { scope.shows($0, at: now) }
    }
}
