import FoundationEssentials

/// One file in a course's Files, as the backend lists it.
public struct CourseFile: Equatable, Sendable, Codable, Identifiable {
    public var id: String
    /// The folder the file is in; nil when the backend did not say (it is then shown at the top).
    public var folderID: String?
    /// The name the course shows (Canvas's `display_name`), exactly as the backend sent it: never a
    /// safe local name by itself, see `DownloadPlace`.
    public var name: String
    /// Bytes, as the backend gave them; nil when it did not say.
    public var size: Int64?
    /// When the file last changed (Canvas's `updated_at`), what a download compares to know it is current.
    public var updatedAt: Date?
    public var contentType: String?
    /// Where the backend serves the bytes (Canvas's `url`, which redirects to its file store); nil
    /// when locked or when the backend gives none.
    public var downloadURL: URL?
    /// The file's page in the web browser.
    public var htmlURL: URL?
    /// Whether the user may not download it now (Canvas's `locked_for_user`).
    public var isLocked: Bool
    /// Why it is locked, as the backend put it (Canvas's `lock_explanation`), as plain text.
    public var lockExplanation: String?

    public init(
        id: String, folderID: String? = nil, name: String, size: Int64? = nil, updatedAt: Date? = nil,
        contentType: String? = nil, downloadURL: URL? = nil, htmlURL: URL? = nil,
        isLocked: Bool = false, lockExplanation: String? = nil
    ) {
        self.id = id
        self.folderID = folderID
        self.name = name
        self.size = size
        self.updatedAt = updatedAt
        self.contentType = contentType
        self.downloadURL = downloadURL
        self.htmlURL = htmlURL
        self.isLocked = isLocked
        self.lockExplanation = lockExplanation
    }
}
