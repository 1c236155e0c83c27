import CanvasJSON
import CourseKit
import FoundationEssentials

extension CatalogIndex {
    /// The syllabus HTML of course `id`, decoded now.
    public func syllabus(_ id: CourseID) throws -> String? {
        let summary = try summary(id)
        guard let range = summary.syllabus else { return summary.entry.syllabusHTML }
        // Read plainly, a syllabus of megabytes is held once beside its bytes, not three times.
        return try read(String?.self, at: range, named: "courses[\(summary.position)].syllabus_body", plain: PlainJSONReader.optionalString(in:)) ?? nil
    }

    /// The modules of course `id`, decoded now, in their order.
    public func modules(_ id: CourseID) throws -> [CourseModule] {
        let summary = try summary(id)
        guard let range = summary.modules else { return summary.entry.modules }
        let modules = try read([CanvasModule]?.self, at: range, named: "courses[\(summary.position)].modules") ?? nil
        let sorted = (modules ?? []).map(\.module).sorted { $0.position < $1.position }
        return shifted(Catalog.Entry(course: summary.course, modules: sorted)).modules
    }

    /// The assignments of course `id`, decoded now; due dates given relative to the reading
    /// are counted from `now`, and left out without it.
    public func assignments(_ id: CourseID, at now: Date? = nil) throws -> [Assignment] {
        let summary = try summary(id)
        let entry = try entry(summary, part: summary.assignments, field: "assignments", plain: PlainJSONReader.assignments(in:)) {
            (assignments: [CanvasAssignment]) in
            Catalog.Entry(
                course: summary.course, assignments: assignments.map(\.assignment), dueOffsets: Catalog.dueOffsets(of: assignments)
            )
        }
        return now.map(entry.assignments(at:)) ?? entry.assignments
    }

    /// The entry of `summary` with its long part at `range` (`field` of the course, as errors
    /// name it) decoded and made into an entry by `make`, its dates moved; the summary's own
    /// entry when the document was read whole. A `plain` reader, where there is one, reads
    /// the part first, and the decoder only what it leaves.
    func entry<Element: Decodable>(
        _ summary: Summary, part range: Range<Int>?, field: String,
        plain: (UnsafeRawBufferPointer) -> [Element]? = { _ in nil }, _ make: ([Element]) -> Catalog.Entry
    ) throws -> Catalog.Entry {
        guard let range else { return summary.entry }
        let elements = try read([Element]?.self, at: range, named: "courses[\(summary.position)].\(field)") { plain($0).map(Optional.some) } ?? nil
        return shifted(make(elements ?? []))
    }

    /// `entry` with its dates moved by the index's shift; the course's own were moved already.
    private func shifted(_ entry: Catalog.Entry) -> Catalog.Entry {
        guard shift != 0 else { return entry }
        var moved = entry.shifted(by: shift)
        moved.course = entry.course
        return moved
    }

    /// The value at `range` of the document, naming it `name` in any error: read by `plain`
    /// where the part is valid JSON of a shape it reads (nil where it isn't), else decoded.
    private func read<Value: Decodable>(
        _ type: Value.Type, at range: Range<Int>, named name: String, plain: (UnsafeRawBufferPointer) -> Value? = { _ in nil }
    ) throws -> Value? {
        let part = try bytes.read(range)
        if let value = part.withUnsafeBytes({ JSONSyntaxError.isValid($0) ? plain($0) : nil }) { return value }
        return try decode(type, from: part, named: name)
    }

    /// Decodes `part`, a value of the document, naming it `name` in any error.
    private func decode<Value: Decodable>(_ type: Value.Type, from part: [UInt8], named name: String) throws -> Value? {
        // Wrapped in a list, so that any value, null included, decodes as a document.
        var wrapped = Data(capacity: part.count + 2)
        wrapped.append(UInt8(ascii: "["))
        wrapped.append(contentsOf: part)
        wrapped.append(UInt8(ascii: "]"))
        do {
            return try JSONDecoder().decode([Value].self, from: wrapped).first
        } catch let error as DecodingError {
            throw CatalogError.malformed(path: source, detail: Catalog.describe(error, in: wrapped, prefix: name, dropping: 1))
        }
    }
}
