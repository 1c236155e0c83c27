import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadTransport {
    /// Stores uploads under `<directory>/uploads/<course-id>/<file name>`, for the offline backends.
    ///
    /// A retry replaces the earlier copy instead of adding a second one (see `LocalCopy`).
    /// Directories are owner-only (0700), files too (0600). The queue checks only the size
    /// before a send, so the captured copy's SHA-256 is checked here, before it is copied.
    public static func local(directory: URL) -> UploadTransport {
        UploadTransport { job, payload, progress in
            let name = job.files.first?.name ?? job.fileName
            let folder = directory.path + "/uploads/" + Files.safeComponent(job.courseID.rawValue)
            let expected = job.files.first?.sha256
            try await Files.offload { isCancelled in
                if let expected, let actual = try digest(of: payload, isCancelled: isCancelled), actual != expected {
                    throw UploadError.payloadDamaged(fileName: name, detail: UploadStore.digestChanged)
                }
                try LocalCopy.copy(
                    payload.path, to: folder, as: Files.safeComponent(name), fileName: name, isCancelled: isCancelled, progress: progress
                )
            }
        }
    }

    /// The SHA-256 of `payload`, or nil when it is gone: copying then says so as it does for any upload.
    private static func digest(of payload: URL, isCancelled: () -> Bool) throws -> String? {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(payload.path, O_RDONLY | O_NOFOLLOW)
        } catch let error as FileSystemError where error.isMissing {
            return nil
        }
        defer { file.close() }
        return try file.measure(isCancelled: isCancelled).sha256
    }
}
