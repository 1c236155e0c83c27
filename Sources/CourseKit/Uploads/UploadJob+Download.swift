import FoundationEssentials

extension UploadJob {
    /// The course file a download job fetches, where it goes, and how far that got.
    ///
    /// A download job keeps its one `files` entry for what the queue's rows show (the name, the
    /// size, and as its `source` the final path); `download` is what the queue works from.
    public struct Download: Equatable, Sendable, Codable {
        public var fileID: String
        /// Where the finished file goes: an absolute path inside the download directory, already
        /// made safe. The bytes arrive in `partName` beside it and are renamed here when whole.
        public var destination: String
        /// The name, in the destination's folder, of the file the bytes arrive in: hidden and named
        /// by the job (`.<job ID>.part`), so it is never a name a course file can have (a course
        /// file's name never starts with a dot once made safe). Nil in a record from before parts
        /// were named so, whose part is the destination plus `.part`.
        public var partName: String?
        /// The folder the user named for it (`sync DIR`, or the download directory): the folders
        /// below it on the way to `destination` are the app's to make, and one that is a symbolic
        /// link to elsewhere is refused rather than followed. Nil in a record from before.
        public var root: String?
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
            fileID: String, destination: String, partName: String? = nil, size: Int64? = nil, updatedAt: Date? = nil,
            url: URL? = nil, validator: String? = nil
        ) {
            self.fileID = fileID
            self.destination = destination
            self.partName = partName
            self.size = size
            self.updatedAt = updatedAt
            self.url = url
            self.validator = validator
        }

        /// Where the bytes arrive until the file is whole: `partName` in the destination's folder.
        public var partPath: String {
            guard let partName, let slash = destination.lastIndex(of: "/") else { return destination + ".part" }
            return destination[...slash] + partName
        }

        /// The part's name for job `id`: hidden, and the job's alone.
        public static func partName(forJob id: String) -> String {
            "." + id + ".part"
        }
    }

    /// Whether the job fetches a course file rather than sending one.
    public var isDownload: Bool {
        download != nil
    }
}
