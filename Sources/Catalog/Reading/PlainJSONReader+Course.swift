import CanvasJSON

extension PlainJSONReader {
    /// The course read from its summary `members` (each `"key": value`) in `bytes`, which
    /// are valid JSON; nil when `JSONDecoder` should read it instead.
    static func course(members: [Range<Int>], in bytes: UnsafeRawBufferPointer) -> CanvasCourse? {
        var reader = PlainJSONReader(cursor: JSONCursor(bytes))
        return try? reader.course(members)
    }

    private mutating func course(_ members: [Range<Int>]) throws(Unsupported) -> CanvasCourse {
        var course = CanvasCourse(id: CanvasID(text: ""))
        var seen: UInt32 = 0
        for member in members {
            cursor.index = member.lowerBound
            let key = try courseKey()
            guard let known = key else {
                try checkPlain(cursor.index..<member.upperBound)
                continue
            }
            guard seen & known.bit == 0 else { throw Unsupported() }
            seen |= known.bit
            try read(known, into: &course)
        }
        guard seen & CourseKey.id.bit != 0 else { throw Unsupported() }
        return course
    }

    private mutating func read(_ key: CourseKey, into course: inout CanvasCourse) throws(Unsupported) {
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

    /// The course fields the list shows.
    enum CourseKey: Int, CaseIterable {
        case id, name, originalName, courseCode, workflowState, startAt, endAt, htmlURL
        case isFavorite, concluded, accessRestricted, term, teachers, enrollments, hidesFinalGrades

        /// The key's bit in a set of keys seen.
        var bit: UInt32 { 1 << rawValue }

        var spelling: StaticString {
            switch self {
            case .id: "id"
            case .name: "name"
            case .originalName: "original_name"
            case .courseCode: "course_code"
            case .workflowState: "workflow_state"
            case .startAt: "start_at"
            case .endAt: "end_at"
            case .htmlURL: "html_url"
            case .isFavorite: "is_favorite"
            case .concluded: "concluded"
            case .accessRestricted: "access_restricted_by_date"
            case .term: "term"
            case .teachers: "teachers"
            case .enrollments: "enrollments"
            case .hidesFinalGrades: "hide_final_grades"
            }
        }
    }

    /// Reads a member's key and colon; nil for a key the list does not show.
    mutating func courseKey() throws(Unsupported) -> CourseKey? {
        guard let key = cursor.string(), !contains(key, UInt8(ascii: "\\")) else { throw Unsupported() }
        cursor.skipSpace()
        _ = cursor.take(UInt8(ascii: ":"))
        cursor.skipSpace()
        return CourseKey.allCases.first { cursor.isKey(key, $0.spelling) }
    }
}
