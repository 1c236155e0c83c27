import FoundationEssentials

/// Where one course of a catalog document lies in its bytes, and where its long parts
/// (syllabus, modules, assignments, announcements, files) lie within it: found in one pass, decoded by nobody.
///
/// The course list needs only each course's own fields; the long parts are most of a big
/// catalog, and are decoded when that one course is opened.
struct CourseLayout: Sendable {
    /// The element's bytes.
    var range: Range<Int>
    /// The members kept for the course's summary, or nil when the element is no object.
    var kept: [Range<Int>]?
    var syllabus: Range<Int>?
    var modules: Range<Int>?
    var assignments: Range<Int>?
    var announcements: Range<Int>?
    var files: Range<Int>?
    /// False for a course with a key written with escapes or a long part given twice,
    /// which JSONDecoder reads whole, as it decides which of them counts.
    var isPlain = true

    /// Reads the element at the cursor, or nil when the bytes end first or are no JSON
    /// value; the element's syntax is checked apart from this.
    static func read(_ cursor: inout JSONCursor) -> CourseLayout? {
        let start = cursor.index
        guard cursor.take(UInt8(ascii: "{")) else {
            return cursor.value().map { CourseLayout(range: $0) }
        }
        var course = CourseLayout(range: start..<start, kept: [])
        while true {
            cursor.skipSpace()
            guard let byte = cursor.peek else { return nil }
            if cursor.take(UInt8(ascii: "}")) {
                course.range = start..<cursor.index
                return course
            }
            if byte == UInt8(ascii: ",") {
                cursor.index += 1
                continue
            }
            let memberStart = cursor.index
            guard let key = cursor.string() else { return nil }
            cursor.skipSpace()
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            cursor.skipSpace()
            guard let value = cursor.value() else { return nil }
            if cursor.isKey(key, "syllabus_body") {
                course.isPlain = course.isPlain && course.syllabus == nil
                course.syllabus = value
            } else if cursor.isKey(key, "modules") {
                course.isPlain = course.isPlain && course.modules == nil
                course.modules = value
            } else if cursor.isKey(key, "assignments") {
                course.isPlain = course.isPlain && course.assignments == nil
                course.assignments = value
            } else if cursor.isKey(key, "announcements") {
                course.isPlain = course.isPlain && course.announcements == nil
                course.announcements = value
            } else if cursor.isKey(key, "files") {
                course.isPlain = course.isPlain && course.files == nil
                course.files = value
            } else {
                course.isPlain = course.isPlain && !cursor.bytes[key].contains(UInt8(ascii: "\\"))
                course.kept?.append(memberStart..<cursor.index)
            }
        }
    }

    /// The same layout for bytes that start `offset` bytes earlier.
    func moved(by offset: Int) -> CourseLayout {
        func move(_ range: Range<Int>?) -> Range<Int>? { range.map { ($0.lowerBound + offset)..<($0.upperBound + offset) } }
        return CourseLayout(
            range: (range.lowerBound + offset)..<(range.upperBound + offset),
            kept: kept?.compactMap(move),
            syllabus: move(syllabus),
            modules: move(modules),
            assignments: move(assignments),
            announcements: move(announcements),
            files: move(files),
            isPlain: isPlain
        )
    }

    /// A catalog document of this course alone, cut down to its summary members (or whole,
    /// for a course that is not plain).
    func summaryDocument(in bytes: UnsafeRawBufferPointer) -> Data {
        var summary = Data("{\"courses\": [".utf8)
        if let kept, isPlain {
            summary.append(UInt8(ascii: "{"))
            for (position, member) in kept.enumerated() {
                if position > 0 { summary.append(UInt8(ascii: ",")) }
                summary.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[member]))
            }
            summary.append(UInt8(ascii: "}"))
        } else {
            summary.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        summary.append(contentsOf: Array("]}".utf8))
        return summary
    }
}
