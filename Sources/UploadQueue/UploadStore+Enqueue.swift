import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Queues a copy of `file` for upload to `course`'s Files on `backend`.
    ///
    /// The bytes are captured now, so editing or deleting the original afterwards does not
    /// change what is uploaded. Nothing is queued if this throws.
    public func enqueue(file: URL, course: CourseID, backend: String) throws -> UploadJob {
        try enqueue(files: [file], course: course, backend: backend, submission: nil)
    }

    /// Queues a copy of the file at exactly the path `file`, UTF-8 or not, as `enqueue(file:course:backend:)` does.
    public func enqueue(file: LocalPath, course: CourseID, backend: String) throws -> UploadJob {
        try enqueue(files: [file], course: course, backend: backend, submission: nil)
    }

    /// Queues copies of the local files `files`, as `enqueue(files:course:backend:submission:)` does for paths.
    public func enqueue(files: [URL], course: CourseID, backend: String, submission: UploadJob.Submission?) throws -> UploadJob {
        let paths = try files.map { file in
            guard file.isFileURL else { throw UploadQueueError.unreadable(path: file.absoluteString, reason: "it is not a local file") }
            return LocalPath(file.absoluteURL.path)
        }
        return try enqueue(files: paths, course: course, backend: backend, submission: submission)
    }

    /// Queues copies of `files` as one job for `course` on `backend`: a submission to an
    /// assignment when `submission` is given, else a course file (then `files` holds one).
    ///
    /// Every file is captured now, and the job appears whole or not at all: if any file
    /// can't be captured, nothing is queued. A path is opened by its exact bytes, and a
    /// relative one is kept as the path from the working directory.
    public func enqueue(files: [LocalPath], course: CourseID, backend: String, submission: UploadJob.Submission?) throws -> UploadJob {
        guard !files.isEmpty else { throw UploadQueueError.noFiles }
        let workingDirectory = LocalPath.currentDirectory
        let paths = files.map { file in workingDirectory.map(file.resolved(against:)) ?? file }
        let sources = try openSources(paths)
        defer { sources.forEach { $0.close() } }
        return try stage { id, staged in
            var captured: [QueuedFile] = []
            for (index, source) in sources.enumerated() {
                let (size, sha256) = try copy(source, from: paths[index], into: staged, as: Self.payloadName(forFile: index))
                captured.append(QueuedFile(name: paths[index].lastPathComponent, source: paths[index], size: size, sha256: sha256))
            }
            var plan = submission
            plan?.uploadedFileIDs = Array(repeating: nil, count: captured.count)
            // Its place in the queue is when it appears there whole, after a copy that may take long:
            // a job queued meanwhile by another process, which appeared first, stays first.
            return UploadJob(id: id, courseID: course, files: captured, submission: plan, backend: backend, queuedAt: clock.now())
        }
    }

    /// Makes a job appear in the queue whole or not at all: `fill` puts its files in the
    /// private staging directory it is given and returns the job, whose record is written beside
    /// them before the directory is renamed into `jobs/`.
    ///
    /// With `durable` false nothing waits for the disk: for a job that is made again from what
    /// the server lists if a crash loses it (a download), where a batch of thousands would
    /// otherwise wait for four syncs each. The job still appears whole or not at all.
    func stage(durable: Bool = true, _ fill: (_ id: String, _ staged: FileDescriptor) throws -> UploadJob) throws -> UploadJob {
        let queue = try createQueue()
        defer { queue.close() }
        sweep(queue)
        let staging = try openSubdirectory(Self.stagingName, of: queue)
        defer { staging.close() }
        let jobs = try openSubdirectory(Self.jobsName, of: queue)
        defer { jobs.close() }

        // Runs after the staged directory is closed below: a run loop woken by the rename finds
        // the job still locked by this writer and can't claim it, so it is told again once it can.
        defer { noteChange() }
        let (id, staged) = try makeStagedDirectory(in: staging, besides: jobs, at: clock.now())
        // Closing releases the staging lock; until then no sweeper touches the directory.
        defer { staged.close() }
        let job: UploadJob
        do {
            job = try fill(id, staged)
            try writeNewFile(encode(job), as: Self.recordName, in: staged, durable: durable)
            if durable { try staged.sync() }
            // The commit point: the job appears in jobs/ complete, or not at all. A directory
            // never replaces a non-empty one, so an ID collision fails here instead of overwriting.
            try staging.rename(id, to: jobs, as: id)
        } catch {
            try? staging.removeTree(id)
            if let error = error as? FileSystemError { throw notWritable(error) }
            throw error
        }
        // The job is queued and visible from here on. Failing now would invite the user to
        // queue it again, a duplicate upload, so syncing the rename to disk is best effort.
        if durable {
            try? jobs.sync()
            try? staging.sync()
        }
        return job
    }

    /// Opens every file to queue, or none: the first that can't be opened closes the rest.
    private func openSources(_ paths: [LocalPath]) throws -> [FileDescriptor] {
        var opened: [FileDescriptor] = []
        do {
            for path in paths {
                opened.append(try openSource(path))
            }
        } catch {
            opened.forEach { $0.close() }
            throw error
        }
        return opened
    }

    /// Opens the file to queue by its exact bytes, refusing folders and anything that is not a regular file.
    private func openSource(_ file: LocalPath) throws -> FileDescriptor {
        let path = file.path
        if file.isDirectory {
            throw UploadQueueError.folder(path: path)
        }
        let source: FileDescriptor
        do {
            // O_NONBLOCK so that opening a named pipe can't hang; it is refused just below.
            let opened = try file.withCString { try FileDescriptor.open(cPath: $0, shownAs: path, O_RDONLY | O_NONBLOCK) }
            // A NUL can't be in a file's name, so no file has this path.
            guard let opened else { throw UploadQueueError.missing(path: path) }
            source = opened
        } catch let error as FileSystemError {
            if error.isMissing { throw UploadQueueError.missing(path: path) }
            throw UploadQueueError.unreadable(path: path, reason: error.reason)
        }
        do {
            switch try source.status().st_mode & S_IFMT {
            case S_IFREG: return source
            case S_IFDIR: throw UploadQueueError.folder(path: path)
            default: throw UploadQueueError.unreadable(path: path, reason: "it is not a regular file")
            }
        } catch let error as FileSystemError {
            source.close()
            throw UploadQueueError.unreadable(path: path, reason: error.reason)
        } catch {
            source.close()
            throw error
        }
    }

    /// Creates and locks `staging/<new id>/`, retrying if the ID is taken or a sweeper
    /// removed the directory in the instant between creating and locking it.
    private func makeStagedDirectory(in staging: FileDescriptor, besides jobs: FileDescriptor, at date: Date) throws
        -> (String, FileDescriptor)
    {
        for _ in 0..<8 {
            let id = makeJobID(at: date)
            guard jobs.identity(ofEntry: id) == nil else { continue }
            do {
                try staging.makeDirectory(id)
                let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW
                if let directory = try FileLock.open(id, in: staging, flags: flags, wait: true) {
                    return (id, directory)
                }
            } catch let error as FileSystemError where error.code == EEXIST || error.code == ENOENT {
                continue
            } catch let error as FileSystemError {
                // A read-only disk or a folder that is not the user's: nothing can be queued.
                throw notWritable(error)
            }
        }
        throw notWritable(FileSystemError(code: EEXIST, path: staging.path))
    }

    /// Copies `source` to `name` in `directory` and syncs it; returns the byte count and their SHA-256.
    private func copy(_ source: FileDescriptor, from file: LocalPath, into directory: FileDescriptor, as name: String) throws -> (Int64, String?) {
        let payload = try directory.open(name, O_WRONLY | O_CREAT | O_EXCL)
        defer { payload.close() }
        try payload.setMode(0o600)
        let total: Int64
        let digest = SHA256()
        do {
            total = try source.copy(to: payload, digest: digest)
        } catch let error as FileSystemError where error.path == source.path {
            throw UploadQueueError.unreadable(path: file.path, reason: error.reason)
        }
        try payload.sync()
        // A digest libcrypto failed to finish is not recorded: an empty one would fail every send as damaged.
        let sha256 = digest.finish()
        return (total, sha256.isEmpty ? nil : sha256)
    }

    /// Writes a file that must not exist yet (inside a private staging directory), synced.
    private func writeNewFile(_ data: Data, as name: String, in directory: FileDescriptor, durable: Bool = true) throws {
        let file = try directory.open(name, O_WRONLY | O_CREAT | O_EXCL)
        defer { file.close() }
        try file.setMode(0o600)
        try data.withUnsafeBytes { try file.write(all: $0) }
        if durable { try file.sync() }
    }
}
