/// One file a job sends, as it was captured into the queue.
public struct QueuedFile: Equatable, Sendable {
    /// The file's name as the course or the assignment will show it: always text, a byte of the
    /// local name that is not UTF-8 written `\xNN` (see `LocalPath.lastPathComponent`).
    public var name: String
    /// Where the file was when it was queued, byte for byte, for display only: the queued bytes are a captured copy.
    public var source: LocalPath
    public var size: Int64
    /// The SHA-256 of the bytes captured, checked with `size` before every attempt; nil for
    /// files queued before it was recorded.
    public var sha256: String?

    public init(name: String, source: LocalPath, size: Int64, sha256: String? = nil) {
        self.name = name
        self.source = source
        self.size = size
        self.sha256 = sha256
    }

    public init(name: String, sourcePath: String, size: Int64, sha256: String? = nil) {
        self.init(name: name, source: LocalPath(sourcePath), size: size, sha256: sha256)
    }

    /// Where the file was when it was queued, as a person reads it.
    public var sourcePath: String {
        source.path
    }
}
