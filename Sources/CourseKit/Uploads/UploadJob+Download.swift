import FoundationEssentials

extension UploadJob {
    /// The course file a download job fetches, where it goes, and how far that got.
    ///
    /// A download job keeps its one `files` entry for what the queue's rows show (the name, the
    /// size, and as its `source` the final path); `download` is what the queue works from.
    public struct Download: Equatable, Sendable, Codable {
        public var fileID: String
        /// Where the finished file goes: an absolute path inside the download directory, already
        /// made safe. The bytes arrive in this path plus `.part` and are renamed here when whole.
        public var destination: String
        /// The size the backend gave when it was queued; the finished file must have exactly this many bytes.
        public var size: Int64?
        /// When the file last changed on the backend when it was queued; the finished file gets it as its
        /// modification time, so a later sync sees it is current.
        public var updatedAt: Date?
        /// The address last known to serve the bytes; a transport asks the backend for a fresh one when
        /// it is missing or stops working.
        public var url: URL?
        /// The `ETag` (else `Last-Modified`) of the bytes in the `.part` file, for `If-Range`.
        public var validator: String?

        public init(
            fileID: String, destination: String, size: Int64? = nil, updatedAt: Date? = nil,
            url: URL? = nil, validator: String? = nil
        ) {
            self.fileID = fileID
            self.destination = destination
            self.size = size
            self.updatedAt = updatedAt
            self.url = url
            self.validator = validator
        }

        /// Where the bytes arrive until the file is whole.
        public var partPath: String {
            destination + ".part"
        }
    }

    /// Whether the job fetches a course file rather than sending one.
    public var isDownload: Bool {
        download != nil
    }
}
