/// One folder in a course's Files.
public struct CourseFolder: Equatable, Sendable, Codable, Identifiable {
    public var id: String
    /// The folder it is in; nil for the course's top folder.
    public var parentID: String?
    /// Its full name as the backend gives it, top folder first: Canvas's `full_name`, such as
    /// `course files/Lectures/Week 1`.
    public var fullName: String
    /// Whether the user may not open it now (Canvas's `locked_for_user`).
    public var isLocked: Bool
    public var lockExplanation: String?

    public init(id: String, parentID: String? = nil, fullName: String, isLocked: Bool = false, lockExplanation: String? = nil) {
        self.id = id
        self.parentID = parentID
        self.fullName = fullName
        self.isLocked = isLocked
        self.lockExplanation = lockExplanation
    }

    /// The folder's own name: the last part of `fullName`.
    public var name: String {
        fullName.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? fullName
    }

    /// The folder names below the course's top folder, in order: `["Lectures", "Week 1"]` for
    /// `course files/Lectures/Week 1`, `[]` for the top folder itself. Raw names: `DownloadPlace`
    /// makes them safe for a disk.
    public var pathBelowTop: [String] {
        guard parentID != nil else { return [] }
        return Array(fullName.split(separator: "/", omittingEmptySubsequences: true).dropFirst().map(String.init))
    }
}
