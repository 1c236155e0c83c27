import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// The suffix of the file a download's bytes arrive in, beside its destination.
    public static let partSuffix = ".part"

    /// Where the bytes of a download to `destination` arrive until they are whole.
    public static func partPath(for destination: String) -> String {
        destination + partSuffix
    }

    /// The record of what was downloaded, beside the queue in the data directory.
    public var downloadRecords: DownloadRecords {
        DownloadRecords(directory: directory.appendingPathComponent("downloads"))
    }

    /// Queues a download of `file` of `course` on `backend` to `destination`, an absolute path
    /// already made safe (`DownloadPlace`).
    ///
    /// Nothing is captured: the job holds only its record, with one `files` entry naming the file
    /// and, as its source, where it goes, so the queue's rows show a download like any job. It
    /// appears whole or not at all, as an upload does.
    public func enqueueDownload(of file: CourseFile, course: CourseID, backend: String, to destination: LocalPath) throws -> UploadJob {
        let plan = UploadJob.Download(
            fileID: file.id, destination: destination.path, size: file.size, updatedAt: file.updatedAt, url: file.downloadURL
        )
        return try stage { id, _ in
            var job = UploadJob(
                id: id, courseID: course, files: [QueuedFile(name: file.name, source: destination, size: file.size ?? 0)],
                backend: backend, queuedAt: clock.now()
            )
            job.download = plan
            return job
        }
    }

    /// How many bytes a download job has so far: its `.part` file's size; nil for other jobs or none yet.
    public static func downloadedBytes(of job: UploadJob) -> Int64? {
        guard let plan = job.download else { return nil }
        if job.state == .done { return Files.size(of: job.sourcePath) }
        return Files.size(of: partPath(for: plan.destination))
    }
}

extension UploadStore {
    /// Queues a download of every file of `batch` that needs one, below `downloadDirectory`; says what became of each.
    ///
    /// A locked file, or one with no address, is refused with the backend's reason; one whose
    /// recorded copy is current, or that is queued already, is left alone. A file that changed
    /// since it was downloaded goes where its earlier copy is, to replace it, as long as that
    /// copy is still what was written there; otherwise it gets a place of its own.
    public func enqueueDownloads(_ batch: DownloadBatch, backend: String, downloadDirectory: URL) throws -> DownloadBatch.Outcome {
        var outcome = DownloadBatch.Outcome()
        let records = downloadRecords
        let recorded = records.entries(backend: backend, course: batch.course)
        let pending = Set(try jobs().compactMap { job in
            job.backend == backend && job.courseID == batch.course && job.state.isPending ? job.download?.fileID : nil
        })
        for entry in batch.entries {
            let file = entry.file
            if file.isLocked || file.downloadURL == nil {
                outcome.refused[file.id] = file.lockExplanation?.nonBlank
                    ?? (file.isLocked ? "\(file.name) is locked" : "The course gives no address to download \(file.name) from")
            } else if pending.contains(file.id) {
                outcome.alreadyQueued.append(file.id)
            } else if let copy = records.isCurrent(file, backend: backend, course: batch.course), DownloadPlace.isInside(batch.directory, copy.path) {
                outcome.current[file.id] = copy
            } else {
                let earlier = recorded[file.id]
                if let earlier, earlier.size != file.size || !DownloadRecords.sameInstant(earlier.updatedAt, file.updatedAt) {
                    outcome.changed.insert(file.id)
                }
                let destination = earlier.flatMap { DownloadRecords.isUntouched($0) && DownloadPlace.isInside(batch.directory, $0.path) ? LocalPath($0.path) : nil }
                    ?? batch.directory.map { DownloadPlace.destination(directory: $0, folderPath: entry.folderPath, name: file.name) }
                    ?? DownloadPlace.destination(
                        root: downloadDirectory, courseFolder: batch.courseFolder, folderPath: entry.folderPath, name: file.name
                    )
                outcome.queued.append(try enqueueDownload(of: file, course: batch.course, backend: backend, to: destination))
            }
        }
        return outcome
    }
}
