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
    /// job marked done. A job queued before checksums were recorded is checked by size alone.
    /// Only a payload that is gone is reported as missing; another read error is said in
    /// words, to be tried again.
    public func verifyPayload(of job: UploadJob) async throws {
        for index in job.files.indices {
            try await verifyPayload(of: job, file: index)
        }
    }

    /// Checks the captured bytes of the file at `index` of `job`, as `verifyPayload(of:)` does.
    public func verifyPayload(of job: UploadJob, file index: Int) async throws {
        try await verify(job.files[index], at: payloadURL(for: job, file: index).path, reading: true)
    }

    /// Checks that every file of `job` still has its captured size, reading none of them.
    ///
    /// The cheap half of `verifyPayload(of:)`, for a send that checks the digest as it streams
    /// (see `sendChecked(_:_:)`): a copy cut short fails here, before anything is sent.
    func verifySizes(of job: UploadJob) async throws {
        for index in job.files.indices {
            try await verify(job.files[index], at: payloadURL(for: job, file: index).path, reading: false)
        }
    }

    /// Runs `send`, whose transport checks each file against the digest its job records as
    /// it streams, and turns a mismatch found on the way into the failure `verifyPayload(of:)`
    /// gives a changed copy.
    ///
    /// A large upload then reads its file once: hashed as it goes to the socket, with the last
    /// bytes held back unless the digest matches, instead of in a pass of its own first.
    func sendChecked<T: Sendable>(_ job: UploadJob, _ send: @Sendable () async throws -> T) async throws -> T {
        var names: [String: String] = [:]
        for index in job.files.indices {
            names[payloadURL(for: job, file: index).path] = job.files[index].name
        }
        do {
            return try await send()
        } catch let mismatch as DigestMismatch {
            throw UploadError.payloadDamaged(fileName: names[mismatch.path] ?? job.fileName, detail: Self.digestChanged)
        }
    }

    /// What a failure says of a copy whose bytes no longer have the digest recorded at capture.
    static let digestChanged = "its SHA-256 changed"

    private func verify(_ file: QueuedFile, at path: String, reading: Bool) async throws {
        let measured: (size: Int64, sha256: String?)
        do {
            measured = try await Files.offload { isCancelled in
                let payload = try FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW)
                defer { payload.close() }
                guard reading else { return (Int64(try payload.status().st_size), nil) }
                let measured = try payload.measure(isCancelled: isCancelled)
                return (measured.size, measured.sha256)
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
            throw UploadError.payloadDamaged(fileName: file.name, detail: Self.digestChanged)
        }
    }
}
