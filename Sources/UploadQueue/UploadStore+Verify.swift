import CourseKit
import FileSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Checks, off the caller's thread, that the captured bytes of `job` are still what was
    /// captured, before they are sent.
    ///
    /// A payload cut short or changed on disk would otherwise be uploaded as it is and the
    /// job marked done. A job queued before checksums were recorded is checked by size alone,
    /// and so is one whose digest OpenSSL could not compute. Only a payload that is gone is
    /// reported as missing; other read errors pass through, to be tried again.
    public func verifyPayload(of job: UploadJob) async throws {
        let path = payloadURL(for: job).path
        let measured: (size: Int64, sha256: String?)
        do {
            measured = try await Files.offload { isCancelled in
                let payload = try FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW)
                defer { payload.close() }
                return try payload.measure(isCancelled: isCancelled)
            }
        } catch let error as FileSystemError where error.isMissing {
            throw UploadError.payloadMissing(fileName: job.fileName)
        }
        if measured.size != job.size {
            throw UploadError.payloadDamaged(fileName: job.fileName, detail: "\(measured.size) bytes, queued as \(job.size)")
        }
        if let expected = job.sha256, let actual = measured.sha256, actual != expected {
            throw UploadError.payloadDamaged(fileName: job.fileName, detail: "its SHA-256 changed")
        }
    }
}
