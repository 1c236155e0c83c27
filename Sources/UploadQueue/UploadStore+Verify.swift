import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Checks, off the caller's thread, that the captured bytes of every file of `job` are
    /// still what was captured, before they are sent.
    ///
    /// A payload cut short or changed on disk would otherwise be uploaded as it is and the
    /// job marked done. A job queued before checksums were recorded is checked by size alone,
    /// and so is one whose digest OpenSSL could not compute. Only a payload that is gone is
    /// reported as missing; another read error is said in words, to be tried again.
    public func verifyPayload(of job: UploadJob) async throws {
        for index in job.files.indices {
            try await verifyPayload(of: job, file: index)
        }
    }

    /// Checks the captured bytes of the file at `index` of `job`, as `verifyPayload(of:)` does.
    public func verifyPayload(of job: UploadJob, file index: Int) async throws {
        try await verify(job.files[index], at: payloadURL(for: job, file: index).path)
    }

    private func verify(_ file: QueuedFile, at path: String) async throws {
        let measured: (size: Int64, sha256: String?)
        do {
            measured = try await Files.offload { isCancelled in
                let payload = try FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW)
                defer { payload.close() }
                return try payload.measure(isCancelled: isCancelled)
            }
        } catch let error as FileSystemError where error.isMissing {
            throw UploadError.payloadMissing(fileName: file.name)
        } catch let error as FileSystemError {
            throw UploadQueueError.unreadable(path: error.path, reason: error.reason)
        }
        if measured.size != file.size {
            throw UploadError.payloadDamaged(fileName: file.name, detail: "\(measured.size) bytes, queued as \(file.size)")
        }
        if let expected = file.sha256, let actual = measured.sha256, actual != expected {
            throw UploadError.payloadDamaged(fileName: file.name, detail: "its SHA-256 changed")
        }
    }
}
