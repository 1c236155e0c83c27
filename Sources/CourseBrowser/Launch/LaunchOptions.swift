import CourseKit

/// What the command line asked for.
public struct LaunchOptions: Equatable, Sendable {
    /// What to do instead of, or as, starting the UI.
    public enum Action: Equatable, Sendable {
        case run
        case help
        case version
    }

    public var action: Action = .run
    /// Open this course at start (a deep link).
    public var course: CourseID?
    /// Read courses from this file instead of the embedded sample catalog.
    public var catalogPath: String?
    /// Append analytics events to this file as JSON lines.
    public var eventLogPath: String?

    public init(action: Action = .run, course: CourseID? = nil, catalogPath: String? = nil, eventLogPath: String? = nil) {
        self.action = action
        self.course = course
        self.catalogPath = catalogPath
        self.eventLogPath = eventLogPath
    }

    public static let version = "0.1.0"
}

/// A command line that can't be run, with a one-line explanation.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
