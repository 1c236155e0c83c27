import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// The record of what was downloaded, beside the queue in the data directory.
    public var downloadRecords: DownloadRecords {
        DownloadRecords(directory: directory.appendingPathComponent("downloads"))
    }

    /// Queues a download of `file` of `course` on `backend` to `destination`, an absolute path
    /// already made safe (`DownloadPlace`), below `root`, the folder the user named (the folders
    /// between are made as real folders, never followed through a symbolic link).
    ///
    /// Nothing is captured: the job holds only its record, with one `files` entry naming the file
    /// and, as its source, where it goes, so the queue's rows show a download like any job. It
    /// appears whole or not at all, as an upload does.
    public func enqueueDownload(of file: CourseFile, course: CourseID, backend: String, to destination: LocalPath, below root: String? = nil) throws -> UploadJob {
        // Not synced job by job: a download lost to a crash is queued again by the next run.
        try stage(durable: false) { id, _ in
            var plan = UploadJob.Download(
                fileID: file.id, destination: destination.path, partName: UploadJob.Download.partName(forJob: id),
                size: file.size, updatedAt: file.updatedAt, url: file.downloadURL
            )
            plan.root = root
            var job = UploadJob(
                id: id, courseID: course, files: [QueuedFile(name: file.name, source: destination, size: file.size ?? 0)],
                backend: backend, queuedAt: clock.now()
            )
            job.download = plan
            return job
        }
    }

    /// How many bytes a download job has so far: its part's size; nil for other jobs or none yet.
    public static func downloadedBytes(of job: UploadJob) -> Int64? {
        guard let plan = job.download else { return nil }
        if job.state == .done { return Files.size(of: job.sourcePath) }
        return Files.size(of: plan.partPath)
    }
}

extension UploadStore {
    /// Queues a download of every file of `batch` that needs one, below `downloadDirectory`; says what became of each.
    ///
    /// A locked file, or one with no address, is refused with the backend's reason; one whose
    /// recorded copy is current, or that is queued already, is left alone. A file that changed
    /// since it was downloaded goes where its earlier copy is, to replace it, as long as that
    /// copy is still what was written there; otherwise it gets a place of its own.
    ///
    /// Deciding and queuing hold the download records' folder locked, so two processes queuing the
    /// same files at once (two `sync` runs, or a `sync` and the Course pane) take turns: the
    /// second sees the first one's jobs and waits for them instead of queuing each file again.
    public func enqueueDownloads(_ batch: DownloadBatch, backend: String, downloadDirectory: URL) throws -> DownloadBatch.Outcome {
        let turn = try lockDownloads()
        defer { turn.close() }
        return try enqueueDownloadsHoldingLock(batch, backend: backend, downloadDirectory: downloadDirectory)
    }

    /// The download records' folder, made if need be and locked; waits while another process holds it.
    private func lockDownloads() throws -> FileDescriptor {
        try FileDescriptor.makeDirectories(downloadRecords.directory.path)
        let data = try FileDescriptor.open(directory.path, O_RDONLY | O_DIRECTORY)
        defer { data.close() }
        let name = downloadRecords.directory.lastPathComponent
        guard let locked = try FileLock.open(name, in: data, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, wait: true) else {
            throw FileSystemError(code: EWOULDBLOCK, path: downloadRecords.directory.path)
        }
        return locked
    }

    private func enqueueDownloadsHoldingLock(_ batch: DownloadBatch, backend: String, downloadDirectory: URL) throws -> DownloadBatch.Outcome {
        var outcome = DownloadBatch.Outcome()
        let records = downloadRecords
        let recorded = records.entries(backend: backend, course: batch.course)
        let all = try jobs()
        let unfinished = all.filter { $0.isDownload && $0.state != .done }
        // The batch's folders count as taken: a file named as one of them gets a numbered name,
        // or it would stand where the folder must be made for the others.
        var places = Set(unfinished.compactMap { $0.download?.destination }).union(Self.folders(of: batch, downloadDirectory: downloadDirectory))
        // A job queued for another folder is not this batch's: its file goes there, not here.
        let mine = unfinished.filter { job in
            job.backend == backend && job.courseID == batch.course
                && job.download.map { DownloadPlace.isInside(batch.directory, $0.destination) } == true
        }
        // The folder the user named, or the course's own under the download directory: the folders
        // below it are the app's to make; a link the user made above it (to a larger disk, say) is theirs.
        let root = (batch.directory ?? DownloadPlace.courseDirectory(root: downloadDirectory, courseFolder: batch.courseFolder))
            .standardizedFileURL.path
        for entry in batch.entries {
            let file = entry.file
            if file.isLocked || file.downloadURL == nil {
                outcome.refused[file.id] = file.lockExplanation?.nonBlank
                    ?? (file.isLocked ? "\(file.name) is locked" : "The course gives no address to download \(file.name) from")
            } else if let earlier = mine.first(where: { $0.download?.fileID == file.id && !$0.state.isDamaged }),
                      try !isStale(earlier, for: file, places: &places) {
                // A download of it that failed is tried again rather than queued twice into one part.
                if earlier.state.isFailed {
                    var again = earlier
                    again.state = .queued
                    try update(again)
                }
                outcome.alreadyQueued.append(file.id)
                outcome.earlierJobs.append(earlier.id)
            } else if let copy = DownloadRecords.currentCopy(of: file, in: recorded[file.id]), DownloadPlace.isInside(batch.directory, copy.path) {
                outcome.current[file.id] = copy
            } else {
                let earlier = recorded[file.id]
                if let earlier, earlier.size != file.size || !DownloadRecords.sameInstant(earlier.updatedAt, file.updatedAt) {
                    outcome.changed.insert(file.id)
                }
                let destination = earlier.flatMap { DownloadRecords.isUntouched($0) && DownloadPlace.isInside(batch.directory, $0.path) ? LocalPath($0.path) : nil }
                    ?? Self.plannedPlace(of: entry, in: batch, downloadDirectory: downloadDirectory)
                if let copy = try adoptIdenticalCopy(of: file, at: destination, backend: backend, course: batch.course) {
                    outcome.current[file.id] = copy
                    continue
                }
                let place = Self.freePlace(for: destination, besides: places)
                places.insert(place.path)
                outcome.queued.append(try enqueueDownload(of: file, course: batch.course, backend: backend, to: place, below: root))
            }
        }
        return outcome
    }

    /// Where `entry` goes when nothing was downloaded of it before: into the batch's folder, else
    /// under the download directory's folder for the course.
    static func plannedPlace(of entry: DownloadBatch.Entry, in batch: DownloadBatch, downloadDirectory: URL) -> LocalPath {
        batch.directory.map { DownloadPlace.destination(directory: $0, folderPath: entry.folderPath, name: entry.file.name) }
            ?? DownloadPlace.destination(root: downloadDirectory, courseFolder: batch.courseFolder, folderPath: entry.folderPath, name: entry.file.name)
    }

    /// Every folder the batch's files go into, with the course's folders above them.
    static func folders(of batch: DownloadBatch, downloadDirectory: URL) -> Set<String> {
        var folders = Set<String>()
        for entry in batch.entries {
            var folder = URL(fileURLWithPath: plannedPlace(of: entry, in: batch, downloadDirectory: downloadDirectory).path).deletingLastPathComponent()
            for _ in entry.folderPath {
                folders.insert(folder.path)
                folder.deleteLastPathComponent()
            }
        }
        return folders
    }

    /// Whether `job`, an unfinished download of `file`, was queued for another version of it (its
    /// size or last change differ, as when the file changed between two runs): it would fetch bytes
    /// the job does not expect, so it is removed, with its part, and its place freed. A job another
    /// process is working on is left to it.
    private func isStale(_ job: UploadJob, for file: CourseFile, places: inout Set<String>) throws -> Bool {
        guard let plan = job.download,
              plan.size != file.size || !DownloadRecords.sameInstant(plan.updatedAt, file.updatedAt) else { return false }
        do {
            try remove(job.id)
        } catch UploadQueueError.inUse {
            return false
        }
        places.remove(plan.destination)
        return true
    }

    /// `destination`, or its first numbered variant (`notes (2).pdf`) that no other unfinished
    /// download goes to. (Parts are named by their jobs, so no part stands in the way of a name.)
    static func freePlace(for destination: LocalPath, besides places: Set<String>) -> LocalPath {
        let url = URL(fileURLWithPath: destination.path)
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        func isFree(_ path: String) -> Bool {
            !places.contains(path)
        }
        if isFree(destination.path) { return destination }
        for number in UploadEngine.numberedNames {
            let path = folder.appendingPathComponent(DownloadPlace.numbered(name, number)).path
            if isFree(path) { return LocalPath(path) }
        }
        return destination
    }

    /// Records the file already at `destination` as the download of `file` when it is exactly
    /// what a download would write (the size and last change the backend gives), as after a
    /// `sync` into another folder and back; returns it, or nil when it must be downloaded.
    private func adoptIdenticalCopy(of file: CourseFile, at destination: LocalPath, backend: String, course: CourseID) throws -> LocalPath? {
        guard let size = file.size, let updatedAt = file.updatedAt,
              let entry = DownloadRecords.entryOfCopy(at: destination.path, size: size, updatedAt: updatedAt, validator: nil) else { return nil }
        try downloadRecords.record(entry, backend: backend, course: course, fileID: file.id)
        return destination
    }
}
