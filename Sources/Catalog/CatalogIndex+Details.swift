import CanvasJSON
import CourseKit
import FoundationEssentials

extension CatalogIndex {
    /// The syllabus HTML of course `id`, decoded now.
    public func syllabus(_ id: CourseID) throws -> String? {
        let summary = try summary(id)
        guard let range = summary.syllabus else { return summary.entry.syllabusHTML }
        return try decode(String?.self, at: range, named: "courses[\(summary.position)].syllabus_body") ?? nil
    }

    /// The modules of course `id`, decoded now, in their order.
    public func modules(_ id: CourseID) throws -> [CourseModule] {
        let summary = try summary(id)
        guard let range = summary.modules else { return summary.entry.modules }
        let modules = try decode([CanvasModule]?.self, at: range, named: "courses[\(summary.position)].modules") ?? nil
        let sorted = (modules ?? []).map(\.module).sorted { $0.position < $1.position }
        return shifted(Catalog.Entry(course: summary.entry.course, modules: sorted)).modules
    }

    /// The assignments of course `id`, decoded now; due dates given relative to the reading
    /// are counted from `now`, and left out without it.
    public func assignments(_ id: CourseID, at now: Date? = nil) throws -> [Assignment] {
        let summary = try summary(id)
        let entry = try entry(summary, part: summary.assignments, field: "assignments") { (assignments: [CanvasAssignment]) in
            Catalog.Entry(
                course: summary.entry.course, assignments: assignments.map(\.assignment), dueOffsets: Catalog.dueOffsets(of: assignments)
            )
        }
        return now.map(entry.assignments(at:)) ?? entry.assignments
    }

    /// The entry of `summary` with its long part at `range` (`field` of the course, as errors
    /// name it) decoded and made into an entry by `make`, its dates moved; the summary's own
    /// entry when the document was read whole.
    func entry<Element: Decodable>(
        _ summary: Summary, part range: Range<Int>?, field: String, _ make: ([Element]) -> Catalog.Entry
    ) throws -> Catalog.Entry {
        guard let range else { return summary.entry }
        let read = try decode([Element]?.self, at: range, named: "courses[\(summary.position)].\(field)") ?? nil
        return shifted(make(read ?? []))
    }

    /// `entry` with its dates moved by the index's shift; the course's own were moved already.
    private func shifted(_ entry: Catalog.Entry) -> Catalog.Entry {
        guard shift != 0 else { return entry }
        var moved = entry.shifted(by: shift)
        moved.course = entry.course
        return moved
    }

    /// Decodes the value at `range` of the document, naming it `name` in any error.
    private func decode<Value: Decodable>(_ type: Value.Type, at range: Range<Int>, named name: String) throws -> Value? {
        // Wrapped in a list, so that any value, null included, decodes as a document.
        var wrapped = Data("[".utf8)
        wrapped.append(try bytes.read(range))
        wrapped.append(UInt8(ascii: "]"))
        do {
            return try JSONDecoder().decode([Value].self, from: wrapped).first
        } catch let error as DecodingError {
            throw CatalogError.malformed(path: source, detail: Catalog.describe(error, in: wrapped, prefix: name, dropping: 1))
        }
    }
}
