import Foundation

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
                try LocalStore(directory: directory).save(job, payload: payload, isCancelled: isCancelled, progress: progress)
            }
        }
    }
}

/// The blocking part of `UploadTransport.local`.
private struct LocalStore {
    var directory: URL

    private typealias Files = UploadTransport.Files

    func save(_ job: UploadJob, payload: URL, isCancelled: () -> Bool, progress: (Int64) -> Void) throws {
        let source: Int32
        do {
            source = try Files.openForReading(payload)
        } catch {
            throw UploadError.payloadMissing(fileName: job.fileName)
        }
        defer { Files.close(source) }
        do {
            try write(from: source, payload: payload, job: job, isCancelled: isCancelled, progress: progress)
        } catch let failure as Files.Failure {
            throw UploadError.cannotSave(fileName: job.fileName, reason: failure.reason)
        }
    }

    private func write(from source: Int32, payload: URL, job: UploadJob, isCancelled: () -> Bool, progress: (Int64) -> Void) throws {
        let folder = try makeFolder(for: job.courseID)
        let name = Files.safeComponent(job.fileName)
        let final = folder.appendingPathComponent(name)
        // An attempt that crashed may have left its temporary file; this one replaces it.
        Files.removeLeftovers(in: folder, prefix: ".\(name).", suffix: ".partial")
        let temporary = folder.appendingPathComponent(".\(name).\(UUID().uuidString).partial")
        let output = try Files.createExclusive(temporary)
        var renamed = false
        defer {
            if !renamed { Files.removeQuietly(temporary) }
        }
        do {
            defer { Files.close(output) }
            try Files.copy(from: source, sourcePath: payload, to: output, destinationPath: temporary,
                           isCancelled: isCancelled, progress: progress)
            try Files.sync(output, path: temporary)
        }
        try Files.replace(final, with: temporary)
        renamed = true
        Files.syncDirectory(folder)
    }

    private func makeFolder(for course: CourseID) throws -> URL {
        try Files.makeDirectories(directory)
        let uploads = directory.appendingPathComponent("uploads")
        try Files.makeDirectory(uploads)
        let folder = uploads.appendingPathComponent(Files.safeComponent(course.rawValue))
        try Files.makeDirectory(folder)
        return folder
    }
}
