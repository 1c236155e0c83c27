/// One file a job sends, as it was captured into the queue.
public struct QueuedFile: Equatable, Sendable, Codable {
    /// The file's name as the course or the assignment will show it.
    public var name: String
    /// Where the file was when it was queued, for display only: the queued bytes are a captured copy.
    public var sourcePath: String
    public var size: Int64
    /// The SHA-256 of the bytes captured, checked with `size` before every attempt; nil for
    /// files queued before it was recorded.
    public var sha256: String?

    public init(name: String, sourcePath: String, size: Int64, sha256: String? = nil) {
        self.name = name
        self.sourcePath = sourcePath
        self.size = size
        self.sha256 = sha256
    }
}
