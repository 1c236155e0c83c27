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
        let queue = try createQueue()
        defer { queue.close() }
        sweep(queue)
        let staging = try openSubdirectory(Self.stagingName, of: queue)
        defer { staging.close() }
        let jobs = try openSubdirectory(Self.jobsName, of: queue)
        defer { jobs.close() }
        let (id, staged) = try makeStagedDirectory(in: staging, besides: jobs, at: clock.now())
        defer { staged.close() }
        let plan = UploadJob.Download(
            fileID: file.id, destination: destination.path, size: file.size, updatedAt: file.updatedAt, url: file.downloadURL
        )
        var job = UploadJob(
            id: id, courseID: course, files: [QueuedFile(name: file.name, source: destination, size: file.size ?? 0)],
            backend: backend, queuedAt: clock.now()
        )
        job.download = plan
        do {
            try writeNewFile(encode(job), as: Self.recordName, in: staged)
            try staged.sync()
            try staging.rename(id, to: jobs, as: id)
        } catch {
            try? staging.removeTree(id)
            if let error = error as? FileSystemError { throw notWritable(error) }
            throw error
        }
        try? jobs.sync()
        try? staging.sync()
        return job
    }

    /// The pending download job of `fileID` of `course` on `backend`, if one is queued, in flight or waiting.
    public func pendingDownload(of fileID: String, course: CourseID, backend: String) throws -> UploadJob? {
        try jobs().first { job in
            job.backend == backend && job.courseID == course && job.download?.fileID == fileID && job.state.isPending
        }
    }

    /// How many bytes a download job has so far: its `.part` file's size; nil for other jobs or none yet.
    public static func downloadedBytes(of job: UploadJob) -> Int64? {
        guard let plan = job.download else { return nil }
        if job.state == .done { return Files.size(of: job.sourcePath) }
        return Files.size(of: partPath(for: plan.destination))
    }
}
