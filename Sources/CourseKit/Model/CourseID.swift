import TextBasics

/// Identifies a course the way Canvas does: a number, or a prefixed SIS form such as `sis_course_id:ABC`.
public struct CourseID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Creates an ID from user or server text; `nil` when it is empty after trimming.
    public init?(_ text: String) {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        rawValue = trimmed
    }

    public init(_ number: Int) {
        rawValue = String(number)
    }

    /// An ID written in the code itself, known not to be blank.
    init(verbatim: String) {
        rawValue = verbatim
    }

    public var description: String { rawValue }

    public static func < (lhs: CourseID, rhs: CourseID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
