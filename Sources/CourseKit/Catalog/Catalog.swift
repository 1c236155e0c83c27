import Foundation

/// Courses with their syllabi and modules, held in memory: what the offline backends serve.
public struct Catalog: Sendable {
    /// One course and everything the detail pane shows about it.
    public struct Entry: Sendable {
        public var course: Course
        public var syllabusHTML: String?
        public var modules: [CourseModule]

        public init(course: Course, syllabusHTML: String? = nil, modules: [CourseModule] = []) {
            self.course = course
            self.syllabusHTML = syllabusHTML
            self.modules = modules
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for `id`, or `CourseNotFound`.
    public func entry(_ id: CourseID) throws -> Entry {
        guard let entry = entries.first(where: { $0.course.id == id }) else {
            throw CourseNotFound(id: id)
        }
        return entry
    }
}
