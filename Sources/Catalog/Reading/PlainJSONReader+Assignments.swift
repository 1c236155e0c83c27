import CanvasJSON

extension PlainJSONReader {
    /// The assignments in `bytes`, a course's `assignments` value (a list or null) that is
    /// valid JSON; nil when `JSONDecoder` should read them instead.
    ///
    /// A course's list of work is read at every start for the Due pane, and the decoder's
    /// generic machinery took more time than the rest of the start's reading together.
    static func assignments(in bytes: UnsafeRawBufferPointer) -> [CanvasAssignment]? {
        var reader = PlainJSONReader(cursor: JSONCursor(bytes))
        do {
            let assignments = try reader.optionalList { reader throws(Unsupported) in try reader.assignment() } ?? []
            reader.cursor.skipSpace()
            return reader.cursor.index == bytes.count ? assignments : nil
        } catch {
            return nil
        }
    }

    private static let assignmentFields: [StaticString] = [
        "id", "name", "due_at", "unlock_at", "lock_at", "points_possible", "grading_type", "submission_types",
        "allowed_extensions", "locked_for_user", "lock_explanation", "submission", "html_url", "rubric",
        "rubric_settings", "due_in_days", "due_in_hours",
    ]

    private mutating func assignment() throws(Unsupported) -> CanvasAssignment {
        var assignment = CanvasAssignment(id: CanvasID(text: ""))
        var hasID = false
        let read = try optionalObject(fields: Self.assignmentFields) { reader, field throws(Unsupported) in
            switch field {
            case 0:
                assignment.id = try reader.id()
                hasID = true
            case 1: assignment.name = try reader.optionalString()
            case 2: assignment.due_at = try reader.optionalString()
            case 3: assignment.unlock_at = try reader.optionalString()
            case 4: assignment.lock_at = try reader.optionalString()
            case 5: assignment.points_possible = try reader.optionalNumber().map(CanvasNumber.init)
            case 6: assignment.grading_type = try reader.optionalString()
            case 7: assignment.submission_types = try reader.optionalStrings()
            case 8: assignment.allowed_extensions = try reader.optionalStrings()
            case 9: assignment.locked_for_user = try reader.optionalBool()
            case 10: assignment.lock_explanation = try reader.optionalString()
            case 11: assignment.submission = try reader.submission()
            case 12: assignment.html_url = try reader.optionalString()
            // A rubric is rare in a catalog and has shapes of its own: the decoder reads it.
            case 13, 14: guard try reader.null() else { throw Unsupported() }
            case 15: assignment.due_in_days = try reader.optionalNumber().map(CanvasNumber.init)
            default: assignment.due_in_hours = try reader.optionalNumber().map(CanvasNumber.init)
            }
        }
        guard read, hasID else { throw Unsupported() }
        return assignment
    }

    private static let submissionFields: [StaticString] = [
        "workflow_state", "submitted_at", "attempt", "late", "missing", "excused", "score", "grade", "posted_at",
        "late_policy_status", "redo_request",
    ]

    private mutating func submission() throws(Unsupported) -> CanvasAssignment.Submission? {
        var submission = CanvasAssignment.Submission()
        let read = try optionalObject(fields: Self.submissionFields) { reader, field throws(Unsupported) in
            switch field {
            case 0: submission.workflow_state = try reader.optionalString()
            case 1: submission.submitted_at = try reader.optionalString()
            case 2: submission.attempt = try reader.optionalWholeNumber()
            case 3: submission.late = try reader.optionalBool()
            case 4: submission.missing = try reader.optionalBool()
            case 5: submission.excused = try reader.optionalBool()
            case 6: submission.score = try reader.optionalNumber().map(CanvasNumber.init)
            case 7: submission.grade = try reader.optionalString()
            case 8: submission.posted_at = try reader.optionalString()
            case 9: submission.late_policy_status = try reader.optionalString()
            default: submission.redo_request = try reader.optionalBool()
            }
        }
        return read ? submission : nil
    }

    /// A list of strings, or null.
    private mutating func optionalStrings() throws(Unsupported) -> [String]? {
        try optionalList { reader throws(Unsupported) in
            reader.cursor.skipSpace()
            return try reader.string()
        }
    }

    /// A whole number in Canvas's range written with digits alone; anything else is the decoder's to judge.
    private mutating func optionalWholeNumber() throws(Unsupported) -> CanvasWholeNumber? {
        if try null() { return nil }
        guard let range = cursor.value() else { throw Unsupported() }
        let text = Substring(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[range]), as: UTF8.self)
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = Int(text), CanvasWholeNumber.range.contains(number) else { throw Unsupported() }
        return CanvasWholeNumber(number)
    }
}
