import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The durable upload queue: one directory per job, holding a captured copy of the file
/// and its `job.json`, so no upload is lost or sent twice across crashes and restarts.
///
/// Layout under the data directory (directories 0700, files 0600):
///
///     queue/jobs/<id>/job.json   the job, always complete (replaced atomically); `jobs/`
///                                is touched after each, for those watching it (`changes()`)
///     queue/jobs/<id>/payload    the bytes captured when the job was queued (a
///                                submission's later files in payload-1, payload-2, …)
///     queue/staging/<id>/        a job being queued; moved into jobs/ in one rename
///     queue/trash/<id>-<random>/ a removed job being deleted
///
/// Every step either happens completely or not at all from the point of view of the
/// next reader, even if the process is killed mid-step:
/// a job appears in `jobs/` by renaming a fully written and synced staging directory,
/// `job.json` is replaced by renaming a synced temporary, and a job leaves `jobs/` by
/// one rename into `trash/`. Leftovers of a killed writer (staging directories,
/// temporaries, trash) are recognised by their lock being free and cleaned up by the
/// next `jobs()` or `enqueue`.
///
/// Several processes may share one data directory: claims (`claim(_:)`) are `flock`s,
/// which exclude each other across processes and within one process alike.
public struct UploadStore: Sendable {
    public let directory: URL
    let clock: WallClock
    /// Records already read, shared by the copies of this store.
    let records = JobRecordCache()

    public init(directory: URL, clock: WallClock) {
        self.directory = directory
        self.clock = clock
    }

    /// Where the captured bytes of `job`'s first (for a course file, only) file are.
    public func payloadURL(for job: UploadJob) -> URL {
        payloadURL(for: job, file: 0)
    }

    /// Where the captured bytes of `job`'s file `index` are.
    public func payloadURL(for job: UploadJob, file index: Int) -> URL {
        jobsURL.appendingPathComponent(job.id).appendingPathComponent(Self.payloadName(forFile: index))
    }

    /// Every complete job, oldest first; cleans up what killed writers left behind.
    public func jobs() throws -> [UploadJob] {
        guard let queue = try openExistingQueue() else { return [] }
        defer { queue.close() }
        sweep(queue)
        let jobsDirectory: FileDescriptor
        let names: [String]
        do {
            jobsDirectory = try queue.openDirectory(Self.jobsName)
        } catch let error as FileSystemError where error.isMissing {
            return []
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
        defer { jobsDirectory.close() }
        do {
            names = try jobsDirectory.entryNames()
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
        let valid = names.filter(Self.isValidJobID)
        records.keepOnly(Set(valid))
        let found = valid.compactMap { cachedJob(named: $0, in: jobsDirectory) }
        return found.sorted { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
    }

    /// The job with `id`, or nil when it is not (or no longer) in the queue.
    public func job(_ id: String) throws -> UploadJob? {
        guard Self.isValidJobID(id) else { return nil }
        let jobsDirectory: FileDescriptor
        do {
            jobsDirectory = try FileDescriptor.open(jobsURL.path, O_RDONLY | O_DIRECTORY)
        } catch let error as FileSystemError where error.isMissing {
            return nil
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
        defer { jobsDirectory.close() }
        return readJob(named: id, in: jobsDirectory)
    }

    /// Replaces the stored record of `job` (matched by ID) atomically.
    ///
    /// Two writers of one job race and the last one wins, so whoever changes a job that
    /// may be uploading elsewhere should hold its claim first.
    public func update(_ job: UploadJob) throws {
        guard Self.isValidJobID(job.id) else { throw UploadQueueError.jobNotFound(id: job.id) }
        // A stand-in for an unreadable record must never overwrite what is left of it.
        guard !job.state.isDamaged else { throw UploadQueueError.damaged(id: job.id) }
        let data = try encode(job)
        let jobDirectory: FileDescriptor
        do {
            jobDirectory = try FileDescriptor.open(
                jobsURL.appendingPathComponent(job.id).path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
            )
        } catch let error as FileSystemError where error.isMissing {
            throw UploadQueueError.jobNotFound(id: job.id)
        } catch let error as FileSystemError {
            throw notWritable(error)
        }
        defer { jobDirectory.close() }
        do {
            // A download's record is not waited for: one a crash loses is made again from what is
            // on disk (a part to resume, a placed file known by its size and time), while a thousand
            // files would wait for three syncs each.
            try AtomicFile.write(data, as: Self.recordName, in: jobDirectory, durable: !job.isDownload)
        } catch let error as FileSystemError where error.isMissing {
            throw UploadQueueError.jobNotFound(id: job.id)
        } catch let error as FileSystemError {
            throw notWritable(error)
        }
        // A job removed meanwhile was renamed into trash/ along with the record just written.
        guard isStillInQueue(job.id, jobDirectory) else { throw UploadQueueError.jobNotFound(id: job.id) }
        noteChange()
    }

    /// The job stored in `jobs/<name>/job.json`; a damaged stand-in when that record can't be
    /// read, so a job never vanishes unseen; nil when the directory itself is gone.
    ///
    /// Records are only ever replaced by a rename, so an unreadable one was damaged from
    /// outside (a full disk, a hand edit, a broken copy), not caught halfway through a write.
    /// Job `name` as its record was last read, or read now when the record changed since.
    private func cachedJob(named name: String, in jobsDirectory: FileDescriptor) -> UploadJob? {
        let version = jobsDirectory.version(ofEntry: name + "/" + Self.recordName)
        if let version, let job = records.job(named: name, version: version) { return job }
        guard let job = readJob(named: name, in: jobsDirectory) else { return nil }
        // A stand-in for a damaged record is made again each time, with what is left then.
        if let version, !job.state.isDamaged { records.keep(job, named: name, version: version) }
        return job
    }

    private func readJob(named name: String, in jobsDirectory: FileDescriptor) -> UploadJob? {
        guard let jobDirectory = try? jobsDirectory.openDirectory(name) else { return nil }
        defer { jobDirectory.close() }
        AtomicFile.removeAbandonedTemporaries(in: jobDirectory)
        let path = jobDirectory.child(Self.recordName)
        guard let data = Files.contents(of: path, atMost: Self.largestRecord) else {
            return damagedJob(name, in: jobDirectory, problem: "\(path) is missing")
        }
        guard var job = try? Self.decode(data) else {
            return damagedJob(name, in: jobDirectory, problem: "\(path) is cut short or not a job record")
        }
        // The directory name is what every other operation uses to find the job.
        job.id = name
        return job
    }

    /// A job whose record can't be read, standing in for it: what is known, and where its bytes are.
    private func damagedJob(_ id: String, in jobDirectory: FileDescriptor, problem: String) -> UploadJob {
        let names = ((try? jobDirectory.entryNames()) ?? []).filter(Self.isPayloadName).sorted()
        let payloads = names.map { jobDirectory.child($0) }
        let attributes = payloads.compactMap { try? FileManager.default.attributesOfItem(atPath: $0) }
        let size = payloads.compactMap(Files.size(of:)).reduce(0, +)
        let kept: String
        switch payloads.count {
        case 0: kept = "no queued file is left"
        case 1: kept = "the queued file is kept at \(payloads[0])"
        default: kept = "its \(payloads.count) queued files are kept in \(jobDirectory.path)"
        }
        return UploadJob(
            id: id, courseID: CourseID("?") ?? CourseID(0), fileName: "(unreadable job \(id))",
            sourcePath: payloads.first ?? jobDirectory.child(Self.payloadName), size: size,
            backend: "", queuedAt: attributes.first?[.modificationDate] as? Date ?? .distantPast,
            state: .damaged(reason: "\(problem); \(kept)")
        )
    }

    func isStillInQueue(_ id: String, _ jobDirectory: FileDescriptor) -> Bool {
        guard let jobsDirectory = try? FileDescriptor.open(jobsURL.path, O_RDONLY | O_DIRECTORY) else { return false }
        defer { jobsDirectory.close() }
        guard let named = jobsDirectory.identity(ofEntry: id) else { return false }
        return named == (try? jobDirectory.identity())
    }

    func notWritable(_ error: FileSystemError) -> UploadQueueError {
        .notWritable(path: directory.path, reason: error.reason)
    }
}
