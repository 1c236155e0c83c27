import Foundation

/// A course as the panes show it: identity, names, term, teachers and dates.
public struct Course: Equatable, Sendable, Identifiable {
    public var id: CourseID
    public var name: String
    public var code: String
    public var workflowState: String?
    public var term: String?
    public var teachers: [String]
    public var startAt: Date?
    public var endAt: Date?

    public init(
        id: CourseID,
        name: String,
        code: String = "",
        workflowState: String? = nil,
        term: String? = nil,
        teachers: [String] = [],
        startAt: Date? = nil,
        endAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.code = code
        self.workflowState = workflowState
        self.term = term
        self.teachers = teachers
        self.startAt = startAt
        self.endAt = endAt
    }
}
