import CourseKit
import FileSystem

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Removes job `id` and its captured bytes; refuses while the job is being uploaded.
    ///
    /// The job leaves the queue in one rename into `trash/` and is deleted from there,
    /// so a crash leaves either the whole job or none of it in the queue. A download that is
    /// not done leaves its `.part` behind no more: it is deleted too, but never the file at
    /// its destination, which may be an earlier copy or the user's own.
    public func remove(_ id: String) throws {
        guard let claim = try claim(id) else { throw UploadQueueError.inUse(id: id) }
        // Held until the files are gone, so a sweeper never deletes trash still being deleted.
        defer { claim.release() }
        let unfinishedDownload = try? job(id).flatMap { $0.state == .done ? nil : $0.download }
        let queue = try createQueue()
        defer { queue.close() }
        let jobs = try openSubdirectory(Self.jobsName, of: queue)
        defer { jobs.close() }
        let trash = try openSubdirectory(Self.trashName, of: queue)
        defer { trash.close() }
        let trashName = id + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        do {
            try jobs.rename(id, to: trash, as: trashName)
        } catch let error as FileSystemError where error.isMissing {
            throw UploadQueueError.jobNotFound(id: id)
        } catch let error as FileSystemError {
            throw notWritable(error)
        }
        // The job is out of the queue now; reporting a failure after this point would be
        // false, so syncing and deleting are best effort (the next sweep finishes deleting).
        try? jobs.sync()
        try? trash.removeTree(trashName)
        if let plan = unfinishedDownload {
            Files.removeQuietly(plan.partPath)
        }
    }

    /// Deletes the captured bytes of a finished job, keeping its small record for `queue` to show.
    ///
    /// A large copy is deleted by a detached process (`removeFilesDetached`), so `drain` ends
    /// when its last file is sent rather than tens of milliseconds later, when the file system
    /// has freed the blocks; a small one goes at once, with no process to start. Best effort: a
    /// payload left behind (that process was killed first) costs only disk space, and
    /// `queue --clear-done` removes it with the job.
    public func discardPayload(of id: String) {
        guard Self.isValidJobID(id),
              let directory = try? FileDescriptor.open(jobsURL.appendingPathComponent(id).path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        else { return }
        defer { directory.close() }
        let payloads = ((try? directory.entryNames()) ?? []).filter(Self.isPayloadName)
        if payloads.reduce(0, { $0 + directory.allocatedBytes(ofEntry: $1) }) >= Self.detachedRemovalSize {
            directory.removeFilesDetached(payloads)
        } else {
            directory.removeFiles(payloads)
        }
    }

    /// How much disk space a finished job's copies take before a detached process deletes them:
    /// freeing 16 MB takes a few milliseconds here, 200 MB 35-45.
    static let detachedRemovalSize: Int64 = 16 << 20
}
