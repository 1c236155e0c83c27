import CourseKit
import FileSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Checks that the captured bytes of `job` are still what was captured, before they are sent.
    ///
    /// A payload cut short or changed on disk would otherwise be uploaded as it is and the
    /// job marked done. A job queued before checksums were recorded is checked by size alone.
    public func verifyPayload(of job: UploadJob) throws {
        let payload: FileDescriptor
        do {
            payload = try FileDescriptor.open(payloadURL(for: job).path, O_RDONLY | O_NOFOLLOW)
        } catch {
            throw UploadError.payloadMissing(fileName: job.fileName)
        }
        defer { payload.close() }
        let measured: (size: Int64, sha256: String?)
        do {
            measured = try payload.measure()
        } catch {
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
