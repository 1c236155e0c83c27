import FoundationEssentials

/// One attempt at an assignment as the backend recorded it: its number, when, and its files.
public struct SubmissionAttempt: Equatable, Sendable, Codable {
    /// A file handed in with an attempt, as the backend lists it.
    public struct File: Equatable, Sendable, Codable {
        /// The backend's ID of the file, as its upload returned it, when the backend says.
        public var id: String?
        public var name: String
        public var size: Int64

        public init(id: String? = nil, name: String, size: Int64) {
            self.id = id
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

    /// Whether this attempt hands in exactly `files`, which were uploaded as `ids` (nil where not yet).
    ///
    /// The IDs decide when both sides have them all: Canvas renames a file whose name its
    /// submissions folder already holds (`essay-1.pdf`), so names can't. Otherwise the same
    /// names and sizes in any order, a name counting as the same when Canvas renamed it so.
    public func carries(_ files: [QueuedFile], ids: [String?] = []) -> Bool {
        guard self.files.count == files.count else { return false }
        let known = ids.compactMap { $0 }
        let theirs = self.files.compactMap(\.id)
        if known.count == files.count, theirs.count == self.files.count, Set(known) == Set(theirs) {
            return true
        }
        var unmatched = self.files
        for file in files {
            guard let index = unmatched.firstIndex(where: { $0.size == file.size && Self.name($0.name, couldBe: file.name) }) else { return false }
            unmatched.remove(at: index)
        }
        return true
    }
}
