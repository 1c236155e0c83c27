import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

// Downloads share the queue, its claims and its run loop with uploads; only the work differs.
//
// The bytes arrive in the job's hidden part beside the destination (`.<job ID>.part`), which the transport fills (resuming from its length
// with the validator kept in the job's record). When the transport returns, the part must hold
// exactly the size the backend listed; it is then synced, given the file's last change on the
// backend as its modification time, and given its final name in one step that never replaces
// a file that is not our own earlier copy of this same file. Only then is it recorded as
// downloaded, so a kill at any instant leaves a part to resume or a finished file, never a
// half-written file under the final name.
extension UploadEngine {
    /// Folders made for downloads get the mode a user's own folders have: what the umask leaves of 0777.
    static let downloadFolderMode: mode_t = CreationMask.applied(to: 0o777)
    /// A downloaded file is the user's like any other: what the umask leaves of 0666.
    static let downloadFileMode: mode_t = CreationMask.applied(to: 0o666)
    /// How many numbered names (` (2)` … ) are tried before giving up on a folder full of them.
    static let numberedNames = 2...999

    /// Fetches `job`'s file and puts it in place; on return the job's source is where it went.
    func download(_ job: inout UploadJob) async throws {
        guard let plan = job.download else { return }
        let destination = plan.destination
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        let part = plan.partPath
        if let root = plan.root {
            try Self.refuseLinkedFolders(below: root, to: folder)
        }
        do {
            try FileDescriptor.makeDirectories(folder, mode: Self.downloadFolderMode)
        } catch {
            throw DownloadError.local(error, writing: folder) ?? error
        }
        let records = store.downloadRecords
        let backend = backend
        let course = job.courseID
        if Files.size(of: part) == nil, let placed = try await Files.offload({ _ in
            try Self.adoptPlaced(plan, records: records, backend: backend, course: course)
        }) {
            job.files[0].source = LocalPath(placed)
            return
        }
        let id = job.id
        let activity = activity
        let request = DownloadRequest(
            job: job, part: URL(fileURLWithPath: part), validator: plan.validator,
            remember: { validator in try await self.keepValidator(validator, of: id) },
            progress: { received in activity.sent(received, for: id) }
        )
        do {
            // A part already whole (the process died before putting it in place, or the disk filled
            // while recording it) is not asked for again: a server answers a range past the end with an error.
            if plan.size == nil || Files.size(of: part) != plan.size {
                try await downloads.fetch(request)
            }
            job.download?.validator = try store.job(id)?.download?.validator ?? plan.validator
        } catch {
            // The record is saved again when the attempt ends: it must keep the validator the transport just stored.
            if let stored = try? store.job(id)?.download { job.download?.validator = stored.validator }
            // Writing here failed (a full disk, a read-only folder, a name the file system refuses):
            // waiting won't cure it, so the job fails at once with the reason, for the user to act on.
            throw DownloadError.local(error, writing: part) ?? error
        }
        let finished = job.download ?? plan
        let name = job.files.first?.name ?? URL(fileURLWithPath: destination).lastPathComponent
        let placed = try await Files.offload { _ in
            try Self.place(finished, name: name, records: records, backend: backend, course: course)
        }
        job.files[0].source = LocalPath(placed)
    }

    /// The file an earlier attempt of `plan` put in place and was stopped before recording (the
    /// process was killed between the two): under the destination's name or a numbered variant,
    /// with exactly the size and last change the job gives it. It is recorded now, as the attempt
    /// would have; nil when there is none, and the file must be fetched.
    static func adoptPlaced(_ plan: UploadJob.Download, records: DownloadRecords, backend: String, course: CourseID) throws -> String? {
        guard let size = plan.size, let updatedAt = plan.updatedAt else { return nil }
        let destination = URL(fileURLWithPath: plan.destination)
        let name = destination.lastPathComponent
        for candidate in candidates(for: name) {
            let path = destination.deletingLastPathComponent().appendingPathComponent(candidate).path
            // Names are taken in order, so the first free one ends the search.
            guard FileVersion(path: path) != nil else { return nil }
            guard let entry = DownloadRecords.entryOfCopy(at: path, size: size, updatedAt: updatedAt, validator: plan.validator) else { continue }
            if records.entry(backend: backend, course: course, fileID: plan.fileID)?.path != path {
                try records.record(entry, backend: backend, course: course, fileID: plan.fileID)
            }
            return path
        }
        return nil
    }

    /// Throws when a folder between `root` and `folder` is a symbolic link: those folders are the
    /// app's to make, and a link the user put there leads elsewhere. Missing ones are fine; they
    /// are made next, as real folders.
    static func refuseLinkedFolders(below root: String, to folder: String) throws {
        let base = root.hasSuffix("/") ? root : root + "/"
        guard folder.hasPrefix(base) else { return }
        var path = String(base.dropLast())
        for piece in folder.dropFirst(base.count).split(separator: "/") {
            path += "/" + piece
            var status = stat()
            guard lstat(path, &status) == 0 else { return }
            if status.st_mode & S_IFMT == S_IFLNK { throw DownloadError.linkedFolder(path: path, root: root) }
        }
    }

    /// `name`, then its numbered variants in order, each made only when it is reached.
    static func candidates(for name: String) -> LazyMapSequence<ClosedRange<Int>, String> {
        (1...numberedNames.upperBound).lazy.map { $0 == 1 ? name : DownloadPlace.numbered(name, $0) }
    }

    /// Saves `validator` in job `id`'s record before the body it belongs to is written.
    private func keepValidator(_ validator: String?, of id: String) throws {
        guard var job = try store.job(id), job.download != nil else { return }
        job.download?.validator = validator
        try save(job)
    }

    /// Checks the finished part of `plan`, puts it in place and records it; returns where it went.
    private static func place(
        _ plan: UploadJob.Download, name: String, records: DownloadRecords, backend: String, course: CourseID
    ) throws -> String {
        let destination = plan.destination
        let part = plan.partPath
        let folderPath = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        let finalName = URL(fileURLWithPath: destination).lastPathComponent
        let partName = URL(fileURLWithPath: part).lastPathComponent
        do {
            let folder = try FileDescriptor.open(folderPath, O_RDONLY | O_DIRECTORY)
            defer { folder.close() }
            let file = try folder.open(partName, O_RDWR | O_NOFOLLOW)
            defer { file.close() }
            let received = Int64(try file.status().st_size)
            if let expected = plan.size, received != expected {
                guard received < expected else {
                    // Not a prefix of the listed file: resuming from it could never give the right bytes.
                    try? folder.removeEntry(partName, isDirectory: false)
                    throw DownloadError.tooLong(fileName: name, received: received, expected: expected)
                }
                throw DownloadError.cutShort(fileName: name, received: received, expected: expected)
            }
            try file.setMode(downloadFileMode)
            try file.sync()
            if let updatedAt = plan.updatedAt {
                try file.setModificationTime(updatedAt)
            }
            let modifiedAt = try file.modificationTime()
            let earlier = records.entry(backend: backend, course: course, fileID: plan.fileID)
            let placedName = try putInPlace(partName, as: finalName, in: folder, replacing: earlier)
            let placed = folder.child(placedName)
            do {
                try folder.sync()
                try records.record(
                    DownloadRecords.Entry(path: placed, size: received, updatedAt: plan.updatedAt, validator: plan.validator, modifiedAt: modifiedAt),
                    backend: backend, course: course, fileID: plan.fileID
                )
            } catch {
                // Unrecorded, the file would be taken for someone else's on the next try and saved
                // again beside itself: it goes back to being the part, whole, for the retry to place.
                try? folder.rename(placedName, to: folder, as: partName)
                try? folder.sync()
                throw error
            }
            return placed
        } catch let error as DownloadError {
            throw error
        } catch {
            throw DownloadError.local(error, writing: destination) ?? error
        }
    }

    /// Gives `part` the name `name` in `folder`, or the first free numbered variant of it; returns the name used.
    ///
    /// A name taken by our earlier, untouched copy of this file (`earlier`) is replaced; one taken
    /// by anything else, or by a file appearing meanwhile, is left alone.
    private static func putInPlace(_ part: String, as name: String, in folder: FileDescriptor, replacing earlier: DownloadRecords.Entry?) throws -> String {
        for candidate in candidates(for: name) {
            do {
                try folder.move(part, to: folder, asNew: candidate)
                return candidate
            } catch let error as FileSystemError where error.code == EEXIST {
                // Taken: replaced only when it is our own earlier copy, as we left it.
                guard let earlier, earlier.path == folder.child(candidate), DownloadRecords.isUntouched(earlier) else { continue }
                try folder.rename(part, to: folder, as: candidate)
                return candidate
            }
        }
        throw DownloadError.noFreeName(path: folder.child(name))
    }
}
