import FoundationEssentials

/// Files of one course to download together: one file, or every file of a folder.
public struct DownloadBatch: Equatable, Sendable {
    /// One file and the folders that hold it, below the course's top folder.
    public struct Entry: Equatable, Sendable {
        public var file: CourseFile
        /// Raw folder names, top first (`CourseFiles.folderPath(of:)`); made safe when the path is chosen.
        public var folderPath: [String]

        public init(file: CourseFile, folderPath: [String]) {
            self.file = file
            self.folderPath = folderPath
        }
    }

    /// What became of each file of a batch.
    public struct Outcome: Equatable, Sendable {
        /// The jobs queued, one per file, in the batch's order.
        public var queued: [UploadJob]
        /// Of the files queued, those that replace an earlier download which changed on the backend since, by file ID.
        public var changed: Set<String>
        /// Files already downloaded and unchanged, by file ID, with where their copy is.
        public var current: [String: LocalPath]
        /// Files already in the queue, by file ID: nothing new was queued for them.
        public var alreadyQueued: [String]
        /// The jobs already in the queue that fetch those files, by job ID: what a caller waits for.
        public var earlierJobs: [String]
        /// Files that can't be downloaded, by file ID, with why (locked, no address).
        public var refused: [String: String]

        public init(
            queued: [UploadJob] = [], changed: Set<String> = [], current: [String: LocalPath] = [:],
            alreadyQueued: [String] = [], earlierJobs: [String] = [], refused: [String: String] = [:]
        ) {
            self.earlierJobs = earlierJobs
            self.queued = queued
            self.changed = changed
            self.current = current
            self.alreadyQueued = alreadyQueued
            self.refused = refused
        }
    }

    public var course: CourseID
    /// The course's folder name under the download directory: its code, else its name (made safe later).
    public var courseFolder: String
    public var entries: [Entry]
    /// A folder the files go straight into (`<directory>/<folders>/<name>`, as `sync DIR` asks),
    /// instead of the download directory's `coursebrowser/<course folder>`; a copy elsewhere is
    /// not current here.
    public var directory: URL?

    public init(course: CourseID, courseFolder: String, entries: [Entry], directory: URL? = nil) {
        self.course = course
        self.courseFolder = courseFolder
        self.entries = entries
        self.directory = directory
    }
}
