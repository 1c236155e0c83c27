import CourseKit
import FileSystem

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    private static let jobDirectoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW

    /// Claims job `id` for uploading, or returns nil if someone holds it: another process,
    /// or another claim in this one.
    ///
    /// The claim is an `flock` on the job's directory. The kernel drops it when the owner
    /// dies, so a job whose uploader was killed can be claimed again at once.
    public func claim(_ id: String) throws -> UploadClaim? {
        guard Self.isValidJobID(id) else { throw UploadQueueError.jobNotFound(id: id) }
        do {
            let jobs = try FileDescriptor.open(jobsURL.path, O_RDONLY | O_DIRECTORY)
            defer { jobs.close() }
            guard let directory = try FileLock.open(id, in: jobs, flags: Self.jobDirectoryFlags, wait: false) else {
                return nil
            }
            return UploadClaim(jobID: id, descriptor: directory)
        } catch let error as FileSystemError where error.isMissing {
            throw UploadQueueError.jobNotFound(id: id)
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
    }
}
