import CourseKit
import FileSystem
import FoundationEssentials

extension CanvasAPI {
    /// How long Canvas says an upload signature from step 1 stays valid.
    static let signatureLifetime: TimeInterval = 30 * 60

    /// Uploads `payload` as the one file of the course-file job `job` to its course's Files,
    /// checked as it streams against the SHA-256 the queue recorded when it captured the file.
    func upload(_ job: UploadJob, payload: URL, progress: @escaping @Sendable (Int64) -> Void) async throws {
        let name = job.files.first?.name ?? job.fileName
        _ = try await uploadFile(named: name, payload: payload, sha256: job.files.first?.sha256, to: .courseFiles(job.courseID), progress: progress)
    }

    /// Uploads `payload` as `name` to `destination` in Canvas's three documented steps, and
    /// returns the file Canvas confirmed.
    ///
    /// 1. a POST to the destination's files endpoint (with the token) announces the file and gets a signed form;
    /// 2. the form and the file go to `upload_url` (without the token);
    /// 3. the answer's `Location` is read back with the token, which confirms the file.
    ///
    /// A signature older than 30 minutes at step 2, or one the file store calls expired,
    /// starts again from step 1, once. In a course's Files every attempt overwrites the same
    /// name in the same folder, so retries never leave a second copy there.
    ///
    /// With `sha256`, the file is hashed as it streams and the upload stops before its last
    /// bytes, throwing `DigestMismatch`, if the bytes no longer have that digest.
    func uploadFile(
        named name: String, payload: URL, sha256: String? = nil, to destination: UploadDestination,
        progress: @escaping @Sendable (Int64) -> Void
    ) async throws -> UploadedFile {
        guard let size = Files.size(of: payload.path), FileManager.default.isReadableFile(atPath: payload.path) else {
            throw UploadError.payloadMissing(fileName: name)
        }
        var restarted = false
        while true {
            let ticket = try await requestUploadTicket(for: name, size: size, to: destination)
            do {
                let answer = try await sendToFileStore(ticket, fileName: name, payload: payload, size: size, sha256: sha256, progress: progress)
                let file = try await confirmUpload(answer, ticket: ticket)
                if let stored = file.size, stored != size {
                    logUnexpected(url: baseURL, status: 200, detail: "confirmed file \(file.id.text) has \(stored) bytes, sent \(size)")
                    throw CanvasUploadError.sizeMismatch(fileName: name, host: host)
                }
                return file
            } catch CanvasUploadError.signatureExpired(_) where !restarted {
                restarted = true
                analytics.track(AnalyticsEvent(name: "upload_restarted", properties: ["host": host, "reason": "signature expired"]))
                progress(0)
            }
        }
    }
}
