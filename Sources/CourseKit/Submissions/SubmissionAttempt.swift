import Foundation

/// One attempt at an assignment as the backend recorded it: its number, when, and its files.
public struct SubmissionAttempt: Equatable, Sendable, Codable {
    /// A file handed in with an attempt, as the backend lists it.
    public struct File: Equatable, Sendable, Codable {
        public var name: String
        public var size: Int64

        public init(name: String, size: Int64) {
            self.name = name
            self.size = size
        }
    }

    /// The attempt's number: 1 for the first, counting up with every new submission.
    public var attempt: Int
    public var submittedAt: Date?
    public var isLate: Bool
    public var files: [File]

    public init(attempt: Int, submittedAt: Date? = nil, isLate: Bool = false, files: [File] = []) {
        self.attempt = attempt
        self.submittedAt = submittedAt
        self.isLate = isLate
        self.files = files
    }

    /// Whether this attempt hands in exactly `files`: the same names and sizes, in any order.
    public func carries(_ files: [QueuedFile]) -> Bool {
        let mine = files.map { File(name: $0.name, size: $0.size) }
        return Self.sorted(mine) == Self.sorted(self.files)
    }

    private static func sorted(_ files: [File]) -> [File] {
        files.sorted { ($0.name, $0.size) < ($1.name, $1.size) }
    }
}
