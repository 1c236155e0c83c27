import FoundationEssentials

/// Where each course of a catalog document lies in its bytes, and where its long parts
/// (syllabus, modules, assignments) lie within it: found in one pass, decoded by nobody.
///
/// The course list needs only each course's own fields; the long parts are most of a big
/// catalog, and are decoded when that one course is opened.
struct CatalogLayout {
    struct Course {
        /// The element's bytes.
        var range: Range<Int>
        /// The members kept for the course's summary, or nil when the element is no object.
        var kept: [Range<Int>]?
        var syllabus: Range<Int>?
        var modules: Range<Int>?
        var assignments: Range<Int>?
    }

    var courses: [Course] = []

    /// The layout of a valid JSON document of the shape `{"courses": [ … ]}`, or nil for any
    /// other shape, which the full decoder then reports on as it always has.
    static func scan(_ data: Data) -> CatalogLayout? {
        data.withUnsafeBytes { bytes in
            var scanner = CatalogScanner(bytes: bytes)
            return scanner.document()
        }
    }

    /// A document of the courses in `range`, each cut down to its summary members, in order.
    func summaryDocument(of data: Data, courses range: Range<Int>) -> Data {
        var summary = Data("{\"courses\": [".utf8)
        summary.reserveCapacity(range.count * 256)
        for (index, course) in courses[range].enumerated() {
            if index > 0 { summary.append(UInt8(ascii: ",")) }
            guard let kept = course.kept else {
                summary.append(data[course.range])
                continue
            }
            summary.append(UInt8(ascii: "{"))
            for (position, member) in kept.enumerated() {
                if position > 0 { summary.append(UInt8(ascii: ",")) }
                summary.append(data[member])
            }
            summary.append(UInt8(ascii: "}"))
        }
        summary.append(contentsOf: Array("]}".utf8))
        return summary
    }
}

/// A scanner over JSON already known to be valid: it only finds where things start and end.
private struct CatalogScanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // A UTF-8 byte order mark, as the validator allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func document() -> CatalogLayout? {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { return nil }
        index += 1
        var layout: CatalogLayout?
        while true {
            skipSpace()
            guard let byte = peek, byte != UInt8(ascii: "}") else { break }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard let key = string() else { return nil }
            skipSpace()
            index += 1  // ':'
            skipSpace()
            if isKey(key, "courses") {
                // Twice, or not a list: the full decoder says what it makes of that.
                guard layout == nil, peek == UInt8(ascii: "[") else { return nil }
                layout = courses()
            } else {
                guard skipValue() else { return nil }
            }
        }
        return layout
    }

    private mutating func courses() -> CatalogLayout? {
        index += 1  // '['
        var layout = CatalogLayout()
        while true {
            skipSpace()
            guard let byte = peek else { return nil }
            if byte == UInt8(ascii: "]") {
                index += 1
                return layout
            }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard let course = course() else { return nil }
            layout.courses.append(course)
        }
    }

    private mutating func course() -> CatalogLayout.Course? {
        let start = index
        guard peek == UInt8(ascii: "{") else {
            guard skipValue() else { return nil }
            return CatalogLayout.Course(range: start..<index)
        }
        index += 1
        var course = CatalogLayout.Course(range: start..<start, kept: [])
        while true {
            skipSpace()
            guard let byte = peek else { return nil }
            if byte == UInt8(ascii: "}") {
                index += 1
                course.range = start..<index
                return course
            }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let memberStart = index
            guard let key = string() else { return nil }
            skipSpace()
            index += 1  // ':'
            skipSpace()
            let valueStart = index
            guard skipValue() else { return nil }
            let value = valueStart..<index
            if isKey(key, "syllabus_body") {
                course.syllabus = value
            } else if isKey(key, "modules") {
                course.modules = value
            } else if isKey(key, "assignments") {
                course.assignments = value
            } else {
                course.kept?.append(memberStart..<index)
            }
        }
    }

    private var peek: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    /// Skips a string; returns the range of its contents, without the quotes.
    private mutating func string() -> Range<Int>? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return start..<(index - 1)
            default: index += 1
            }
        }
        return nil
    }

    /// Skips one value of any kind, nested ones without recursion.
    private mutating func skipValue() -> Bool {
        guard let first = peek else { return false }
        switch first {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { return true }
            }
            return false
        default:
            while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"),
                  byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09 {
                index += 1
            }
            return true
        }
    }

    /// Whether the raw key in `range` is `name` (keys written with escapes are not recognised,
    /// and stay in the summary, where the decoder reads them as before).
    private func isKey(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] {
            return false
        }
        return true
    }
}
