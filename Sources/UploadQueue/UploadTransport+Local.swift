import CourseKit
import FileSystem
import FoundationEssentials

extension UploadTransport {
    /// Stores uploads under `<directory>/uploads/<course-id>/<file name>`, for the offline backends.
    ///
    /// A retry replaces the earlier copy instead of adding a second one (see `LocalCopy`).
    /// Directories are owner-only (0700), files too (0600).
    public static func local(directory: URL) -> UploadTransport {
        UploadTransport { job, payload, progress in
            let name = job.files.first?.name ?? job.fileName
            let folder = directory.path + "/uploads/" + Files.safeComponent(job.courseID.rawValue)
            try await Files.offload { isCancelled in
                try LocalCopy.copy(
                    payload.path, to: folder, as: Files.safeComponent(name), fileName: name, isCancelled: isCancelled, progress: progress
                )
            }
        }
    }
}
