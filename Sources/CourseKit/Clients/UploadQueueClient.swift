import FoundationEssentials

/// The upload queue as the panes use it: list, add, retry and remove jobs, and follow progress.
public struct UploadQueueClient: Sendable {
    /// Every job in the queue, oldest first.
    public var jobs: @Sendable () async throws -> [UploadJob]
    /// Captures the file at `file` and queues it for `course`'s Files.
    public var enqueue: @Sendable (_ file: LocalPath, _ course: CourseID) async throws -> UploadJob
    /// Captures every file of `files` and queues them as one submission to `assignment` of
    /// `course`; nothing is queued when any of them can't be captured. Call it only once the
    /// student agreed to the hand-in: where the assignment has a submission statement, the job
    /// records it as accepted.
    public var enqueueSubmission: @Sendable (_ files: [LocalPath], _ course: CourseID, _ assignment: Assignment) async throws -> UploadJob
    /// Makes a failed or waiting job due now.
    public var retry: @Sendable (_ id: String) async throws -> Void
    /// Makes every failed job due now.
    public var retryAllFailed: @Sendable () async throws -> Void
    /// Removes a job that is not being uploaded.
    public var remove: @Sendable (_ id: String) async throws -> Void
    /// Uploads in flight in this process, by job ID.
    public var progress: @Sendable () -> [String: UploadProgress]
    /// How far the transfers in flight have got, each time that moves (at most ten times a
    /// second) and once more as each ends, starting from how it stands now; nothing is told
    /// while nothing moves.
    public var progressUpdates: @Sendable () -> AsyncStream<[String: UploadProgress]>
    /// Every change this process makes to the queue from now on, for one listener; each
    /// call gives a new stream, so any number of listeners hear every change.
    public var updates: @Sendable () -> AsyncStream<UploadChange>
    /// Tells of each change to the queue on disk, by this process or another sharing it (a
    /// `drain` in another terminal), without saying what changed: read the jobs again. Changes
    /// close together may come as one; each call gives a new stream.
    public var changesOnDisk: @Sendable () -> AsyncStream<Void>
    /// Throws, saying why, when the queue can't be written now (a read-only disk, a folder
    /// that is not the user's), so nothing can be queued, sent or removed until it can.
    public var checkWritable: @Sendable () async throws -> Void
    /// Queues a download of each file of `batch` that is not already downloaded and unchanged,
    /// nor locked, nor queued already; says what became of each.
    public var enqueueDownloads: @Sendable (_ batch: DownloadBatch) async throws -> DownloadBatch.Outcome
    /// Where the local copy of each of `files` of `course` is, by file ID, for those downloaded and
    /// still what the backend has (same size and last change); the record is read once for all.
    public var localCopies: @Sendable (_ course: CourseID, _ files: [CourseFile]) async -> [String: LocalPath]
    /// Queues marking `item` done (or, with `false`, not done) in the student's planner.
    public var enqueueMark: @Sendable (_ item: PlannerItem, _ done: Bool) async throws -> UploadJob
    /// Queues adding, changing or removing a to-do of the student's own.
    public var enqueueNote: @Sendable (_ note: UploadJob.PlannerNote) async throws -> UploadJob
    /// Queues a text entry (`text`, plain) or a link (`url`) handed in to `assignment` of `course`.
    public var enqueueContent: @Sendable (_ text: String?, _ url: String?, _ course: CourseID, _ assignment: Assignment) async throws -> UploadJob
    /// Queues a post to a discussion of `course`, or a reply to one of its posts.
    public var enqueueReply: @Sendable (_ reply: UploadJob.DiscussionReply, _ course: CourseID) async throws -> UploadJob

    public init(
        jobs: @escaping @Sendable () async throws -> [UploadJob],
        enqueue: @escaping @Sendable (_ file: LocalPath, _ course: CourseID) async throws -> UploadJob,
        enqueueSubmission: @escaping @Sendable (_ files: [LocalPath], _ course: CourseID, _ assignment: Assignment) async throws -> UploadJob,
        retry: @escaping @Sendable (_ id: String) async throws -> Void,
        retryAllFailed: @escaping @Sendable () async throws -> Void,
        remove: @escaping @Sendable (_ id: String) async throws -> Void,
        progress: @escaping @Sendable () -> [String: UploadProgress],
        progressUpdates: @escaping @Sendable () -> AsyncStream<[String: UploadProgress]> = { AsyncStream { $0.finish() } },
        updates: @escaping @Sendable () -> AsyncStream<UploadChange>,
        changesOnDisk: @escaping @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } },
        checkWritable: @escaping @Sendable () async throws -> Void,
        enqueueDownloads: @escaping @Sendable (_ batch: DownloadBatch) async throws -> DownloadBatch.Outcome = { _ in
            throw Unimplemented("Downloads")
        },
        localCopies: @escaping @Sendable (_ course: CourseID, _ files: [CourseFile]) async -> [String: LocalPath] = { _, _ in [:] },
        enqueueMark: @escaping @Sendable (_ item: PlannerItem, _ done: Bool) async throws -> UploadJob = { _, _ in
            throw Unimplemented("Done marks")
        },
        enqueueNote: @escaping @Sendable (_ note: UploadJob.PlannerNote) async throws -> UploadJob = { _ in
            throw Unimplemented("To-dos")
        },
        enqueueContent: @escaping @Sendable (_ text: String?, _ url: String?, _ course: CourseID, _ assignment: Assignment) async throws -> UploadJob = {
            _, _, _, _ in throw Unimplemented("Text and link hand-ins")
        },
        enqueueReply: @escaping @Sendable (_ reply: UploadJob.DiscussionReply, _ course: CourseID) async throws -> UploadJob = { _, _ in
            throw Unimplemented("Replies to discussions")
        }
    ) {
        self.jobs = jobs
        self.enqueue = enqueue
        self.enqueueSubmission = enqueueSubmission
        self.retry = retry
        self.retryAllFailed = retryAllFailed
        self.remove = remove
        self.progress = progress
        self.progressUpdates = progressUpdates
        self.updates = updates
        self.changesOnDisk = changesOnDisk
        self.checkWritable = checkWritable
        self.enqueueDownloads = enqueueDownloads
        self.localCopies = localCopies
        self.enqueueMark = enqueueMark
        self.enqueueNote = enqueueNote
        self.enqueueContent = enqueueContent
        self.enqueueReply = enqueueReply
    }
}

/// How far an upload in flight has got.
public struct UploadProgress: Equatable, Sendable {
    public var sentBytes: Int64
    public var startedAt: Date

    public init(sentBytes: Int64, startedAt: Date) {
        self.sentBytes = sentBytes
        self.startedAt = startedAt
    }

    /// Bytes per second since the attempt started.
    public func rate(now: Date) -> Double {
        let seconds = now.timeIntervalSince(startedAt)
        return seconds > 0.5 ? Double(sentBytes) / seconds : 0
    }
}

extension UploadQueueClient {
    /// A queue that is always empty and refuses new jobs.
    public static let noOp = UploadQueueClient(
        jobs: { [] },
        enqueue: { _, _ in throw Unimplemented("Uploads") },
        enqueueSubmission: { _, _, _ in throw Unimplemented("Submissions") },
        retry: { _ in },
        retryAllFailed: {},
        remove: { _ in },
        progress: { [:] },
        updates: { AsyncStream { $0.finish() } },
        checkWritable: {}
    )

    /// Fails every call that can fail, so a test notices when it reaches one it did not set up.
    public static let unimplemented = unimplemented(report: { _ in })
}

extension UploadQueueClient: Unimplementable {
    /// Reports each call; what can't throw has no uploads in flight and no changes to tell.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> UploadQueueClient {
        @Sendable func failure(_ endpoint: String) -> Unimplemented {
            Unimplemented.reported("UploadQueueClient." + endpoint, to: report)
        }
        return UploadQueueClient(
            jobs: { throw failure("jobs") },
            enqueue: { _, _ in throw failure("enqueue") },
            enqueueSubmission: { _, _, _ in throw failure("enqueueSubmission") },
            retry: { _ in throw failure("retry") },
            retryAllFailed: { throw failure("retryAllFailed") },
            remove: { _ in throw failure("remove") },
            progress: {
                report("UploadQueueClient.progress")
                return [:]
            },
            progressUpdates: {
                report("UploadQueueClient.progressUpdates")
                return AsyncStream { $0.finish() }
            },
            updates: {
                report("UploadQueueClient.updates")
                return AsyncStream { $0.finish() }
            },
            changesOnDisk: {
                report("UploadQueueClient.changesOnDisk")
                return AsyncStream { $0.finish() }
            },
            checkWritable: { throw failure("checkWritable") },
            enqueueDownloads: { _ in throw failure("enqueueDownloads") },
            localCopies: { _, _ in
                report("UploadQueueClient.localCopies")
                return [:]
            }
        )
    }
}
