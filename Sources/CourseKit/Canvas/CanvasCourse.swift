import Foundation

/// A Canvas course object as the REST API and catalog files spell it; unknown fields are ignored.
struct CanvasCourse: Decodable, Sendable {
    struct Term: Decodable, Sendable {
        var name: String?
    }

    struct User: Decodable, Sendable {
        var display_name: String?
        var name: String?
    }

    var id: CanvasID
    var name: String?
    var course_code: String?
    var workflow_state: String?
    var start_at: String?
    var end_at: String?
    var term: Term?
    var teachers: [User]?
    var syllabus_body: String?
    var modules: [CanvasModule]?

    /// The domain course, with defaults for what Canvas may leave out.
    var course: Course {
        let id = CourseID(id.text) ?? CourseID(0)
        return Course(
            id: id,
            name: name.flatMap(\.nonBlank) ?? "Course \(id)",
            code: course_code ?? "",
            workflowState: workflow_state,
            term: term?.name.flatMap(\.nonBlank),
            teachers: (teachers ?? []).compactMap { ($0.display_name ?? $0.name).flatMap(\.nonBlank) },
            startAt: start_at.flatMap(CanvasDate.parse),
            endAt: end_at.flatMap(CanvasDate.parse)
        )
    }
}

extension String {
    /// The string itself, or `nil` when it holds only whitespace.
    var nonBlank: String? {
        trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self
    }
}
