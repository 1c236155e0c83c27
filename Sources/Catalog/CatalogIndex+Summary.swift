import CourseKit

extension CatalogIndex {
    /// One course: what the list shows, and where the rest of it is.
    ///
    /// A school's catalog holds a hundred thousand of these, so a summary keeps the course and
    /// five ranges, and a whole `Catalog.Entry` only for a course whose long parts it holds
    /// itself (one read with the full decoder).
    struct Summary: Sendable {
        var course: Course
        /// Its place in the document's list, as errors name it.
        var position: Int
        /// The course's long parts, where the summary holds them rather than their ranges.
        private(set) var held: HeldParts?
        private(set) var ranges: PartRanges

        init(
            entry: Catalog.Entry, position: Int, syllabus: Range<Int>? = nil, modules: Range<Int>? = nil,
            assignments: Range<Int>? = nil, announcements: Range<Int>? = nil, files: Range<Int>? = nil
        ) {
            self.init(
                course: entry.course, position: position, held: entry.holdsParts ? HeldParts(entry: entry) : nil,
                ranges: PartRanges(syllabus: syllabus, modules: modules, assignments: assignments, announcements: announcements, files: files)
            )
        }

        init(course: Course, position: Int, held: HeldParts?, ranges: PartRanges) {
            self.course = course
            self.position = position
            self.held = held
            self.ranges = ranges
        }

        /// The course, and whatever of its long parts the summary holds.
        var entry: Catalog.Entry {
            get {
                guard var entry = held?.entry else { return Catalog.Entry(course: course) }
                entry.course = course
                return entry
            }
            set {
                course = newValue.course
                held = newValue.holdsParts ? HeldParts(entry: newValue) : nil
            }
        }

        var syllabus: Range<Int>? { ranges.syllabus }
        var modules: Range<Int>? { ranges.modules }
        var assignments: Range<Int>? { ranges.assignments }
        var announcements: Range<Int>? { ranges.announcements }
        var files: Range<Int>? { ranges.files }
    }

    /// A course's long parts held by its summary, kept apart so a summary without them is small.
    final class HeldParts: Sendable {
        let entry: Catalog.Entry

        init(entry: Catalog.Entry) {
            self.entry = entry
        }
    }

    /// Where a course's long parts are in the document, an empty range for a part it lacks: no
    /// JSON value is empty, and an optional range would take half as much again.
    struct PartRanges: Sendable {
        private var stored: (Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>)

        init(syllabus: Range<Int>?, modules: Range<Int>?, assignments: Range<Int>?, announcements: Range<Int>?, files: Range<Int>?) {
            stored = (syllabus ?? 0..<0, modules ?? 0..<0, assignments ?? 0..<0, announcements ?? 0..<0, files ?? 0..<0)
        }

        var syllabus: Range<Int>? { Self.part(stored.0) }
        var modules: Range<Int>? { Self.part(stored.1) }
        var assignments: Range<Int>? { Self.part(stored.2) }
        var announcements: Range<Int>? { Self.part(stored.3) }
        var files: Range<Int>? { Self.part(stored.4) }

        private static func part(_ range: Range<Int>) -> Range<Int>? {
            range.isEmpty ? nil : range
        }
    }
}

extension Catalog.Entry {
    /// Whether the entry holds anything beyond its course.
    var holdsParts: Bool {
        syllabusHTML != nil || !modules.isEmpty || !assignments.isEmpty || !dueOffsets.isEmpty
            || !announcements.isEmpty || !postedAges.isEmpty || !files.isEmpty
    }
}
