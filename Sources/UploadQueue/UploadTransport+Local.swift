import CourseKit
import FileSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension UploadTransport {
    /// Stores uploads under `<directory>/uploads/<course-id>/<fileName>`, for the offline backends.
    ///
    /// The copy is written to a hidden temporary file, flushed to disk and renamed over
    /// the final name, so a retry replaces the earlier copy instead of adding a second
    /// one, and a crash never leaves a half file under the final name. Directories are
    /// owner-only (0700), files too (0600).
    public static func local(directory: URL) -> UploadTransport {
        UploadTransport { job, payload, progress in
            try await Files.offload { isCancelled in
                try LocalStore(directory: directory.path).save(job, payload: payload.path, isCancelled: isCancelled, progress: progress)
            }
        }
    }
}

/// The blocking part of `UploadTransport.local`.
private struct LocalStore {
    var directory: String

    func save(_ job: UploadJob, payload: String, isCancelled: () -> Bool, progress: (Int64) -> Void) throws {
        let source: FileDescriptor
        do {
            source = try FileDescriptor.open(payload, O_RDONLY)
        } catch {
            throw UploadError.payloadMissing(fileName: job.fileName)
        }
        defer { source.close() }
        do {
            try write(from: source, job: job, isCancelled: isCancelled, progress: progress)
        } catch let failure as FileSystemError {
            if failure.path == payload {
                throw UploadError.payloadMissing(fileName: job.fileName)
            }
            throw UploadError.cannotSave(fileName: job.fileName, reason: failure.reason)
        }
    }

    private func write(from source: FileDescriptor, job: UploadJob, isCancelled: () -> Bool, progress: (Int64) -> Void) throws {
        let folder = try makeFolder(for: job.courseID)
        let name = Files.safeComponent(job.fileName)
        let final = folder + "/" + name
        // An attempt that crashed may have left its temporary file; this one replaces it.
        Files.removeLeftovers(in: folder, prefix: ".\(name).", suffix: ".partial")
        let temporary = folder + "/.\(name).\(UUID().uuidString).partial"
        let output = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        var renamed = false
        defer {
            if !renamed { Files.removeQuietly(temporary) }
        }
        do {
            defer { output.close() }
            try source.copy(to: output, isCancelled: isCancelled, progress: progress)
            try output.sync()
        }
        try Files.replace(final, with: temporary)
        renamed = true
        Files.syncDirectory(folder)
    }

    private func makeFolder(for course: CourseID) throws -> String {
        let folder = directory + "/uploads/" + Files.safeComponent(course.rawValue)
        try FileDescriptor.makeDirectories(folder)
        return folder
    }
}
