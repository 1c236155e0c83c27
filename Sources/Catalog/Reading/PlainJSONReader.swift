import CanvasJSON

/// Reads the fields the course list shows straight from a course's bytes, for the plain
/// shapes catalogs and Canvas write.
///
/// Anything else (a key written with escapes, a field of another type, a field given twice,
/// a missing ID) is left to `JSONDecoder`, which decides about it as it always has; so is
/// anything in other fields that `JSONDecoder` might refuse though it is valid JSON.
struct CourseSummaryReader {
    struct Unsupported: Error {}

    var cursor: JSONCursor

    /// The course read from its summary `members` (each `"key": value`) in `bytes`, which
    /// are valid JSON; nil when `JSONDecoder` should read it instead.
    static func course(members: [Range<Int>], in bytes: UnsafeRawBufferPointer) -> CanvasCourse? {
        var reader = CourseSummaryReader(cursor: JSONCursor(bytes))
        return try? reader.course(members)
    }

    private mutating func course(_ members: [Range<Int>]) throws(Unsupported) -> CanvasCourse {
        var course = CanvasCourse(id: CanvasID(text: ""))
        var seen: UInt32 = 0
        for member in members {
            cursor.index = member.lowerBound
            let key = try memberKey()
            guard let known = key else {
                try checkPlain(cursor.index..<member.upperBound)
                continue
            }
            guard seen & known.bit == 0 else { throw Unsupported() }
            seen |= known.bit
            try read(known, into: &course)
        }
        guard seen & Key.id.bit != 0 else { throw Unsupported() }
        return course
    }

    private mutating func read(_ key: Key, into course: inout CanvasCourse) throws(Unsupported) {
        switch key {
        case .id: course.id = try id()
        case .name: course.name = try optionalString()
        case .originalName: course.original_name = try optionalString()
        case .courseCode: course.course_code = try optionalString()
        case .workflowState: course.workflow_state = try optionalString()
        case .startAt: course.start_at = try optionalString()
        case .endAt: course.end_at = try optionalString()
        case .htmlURL: course.html_url = try optionalString()
        case .isFavorite: course.is_favorite = try optionalBool()
        case .concluded: course.concluded = try optionalBool()
        case .accessRestricted: course.access_restricted_by_date = try optionalBool()
        case .hidesFinalGrades: course.hide_final_grades = try optionalBool()
        case .term: course.term = try term()
        case .teachers: course.teachers = try teachers()
        case .enrollments: course.enrollments = try enrollments()
        }
    }

    // MARK: - Nested objects

    private mutating func term() throws(Unsupported) -> CanvasCourse.Term? {
        var term = CanvasCourse.Term()
        return try optionalObject(fields: ["name", "start_at", "end_at"]) { reader, field throws(Unsupported) in
            switch field {
            case 0: term.name = try reader.optionalString()
            case 1: term.start_at = try reader.optionalString()
            default: term.end_at = try reader.optionalString()
            }
        } ? term : nil
    }

    private mutating func teachers() throws(Unsupported) -> [CanvasCourse.User]? {
        try optionalList { reader throws(Unsupported) in
            var user = CanvasCourse.User()
            guard try reader.optionalObject(fields: ["display_name", "name"], { reader, field throws(Unsupported) in
                if field == 0 { user.display_name = try reader.optionalString() } else { user.name = try reader.optionalString() }
            }) else { throw Unsupported() }
            return user
        }
    }

    private mutating func enrollments() throws(Unsupported) -> [CanvasCourse.Enrollment]? {
        try optionalList { reader throws(Unsupported) in
            var enrollment = CanvasCourse.Enrollment()
            let fields: [StaticString] = ["enrollment_state", "computed_current_score", "computed_current_grade"]
            guard try reader.optionalObject(fields: fields, { reader, field throws(Unsupported) in
                switch field {
                case 0: enrollment.enrollment_state = try reader.optionalString()
                case 1: enrollment.computed_current_score = try reader.optionalNumber().map(CanvasNumber.init)
                default: enrollment.computed_current_grade = try reader.optionalString()
                }
            }) else { throw Unsupported() }
            return enrollment
        }
    }

    /// Reads an object, calling `field` with the index in `fields` of each known member;
    /// false for null.
    private mutating func optionalObject(
        fields: [StaticString],
        _ field: (inout CourseSummaryReader, Int) throws(Unsupported) -> Void
    ) throws(Unsupported) -> Bool {
        cursor.skipSpace()
        if try null() { return false }
        guard cursor.take(UInt8(ascii: "{")) else { throw Unsupported() }
        var seen: UInt32 = 0
        while true {
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: "}")) { return true }
            _ = cursor.take(UInt8(ascii: ","))
            cursor.skipSpace()
            guard let key = cursor.string(), !contains(key, UInt8(ascii: "\\")) else { throw Unsupported() }
            cursor.skipSpace()
            _ = cursor.take(UInt8(ascii: ":"))
            cursor.skipSpace()
            if let known = fields.firstIndex(where: { cursor.isKey(key, $0) }) {
                guard seen & 1 << known == 0 else { throw Unsupported() }
                seen |= 1 << known
                try field(&self, known)
            } else {
                let start = cursor.index
                guard let value = cursor.value() else { throw Unsupported() }
                try checkPlain(start..<value.upperBound)
            }
        }
    }

    /// Reads a list, each element with `element`; nil for null.
    private mutating func optionalList<Element>(_ element: (inout CourseSummaryReader) throws(Unsupported) -> Element) throws(Unsupported) -> [Element]? {
        cursor.skipSpace()
        if try null() { return nil }
        guard cursor.take(UInt8(ascii: "[")) else { throw Unsupported() }
        var elements: [Element] = []
        while true {
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: "]")) { return elements }
            _ = cursor.take(UInt8(ascii: ","))
            elements.append(try element(&self))
        }
    }
}
