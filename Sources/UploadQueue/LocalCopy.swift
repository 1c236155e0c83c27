import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Copies a queued payload to a file of the offline backends, all or nothing.
///
/// The copy is written to a hidden temporary file, flushed to disk and renamed over the
/// final name, so a retry replaces the earlier copy instead of adding a second one, and a
/// crash never leaves a half file under the final name. Files are owner-only (0600).
enum LocalCopy {
    /// Copies `payload` to `folder/name`; `fileName` is what errors call the file.
    static func copy(
        _ payload: String, to folder: String, as name: String, fileName: String,
        isCancelled: () -> Bool, progress: (Int64) -> Void
    ) throws {
        let source: FileDescriptor
        do {
            source = try FileDescriptor.open(payload, O_RDONLY)
        } catch {
            throw UploadError.payloadMissing(fileName: fileName)
        }
        defer { source.close() }
        do {
            try write(from: source, to: folder, as: name, isCancelled: isCancelled, progress: progress)
        } catch let failure as FileSystemError {
            if failure.path == payload {
                throw UploadError.payloadMissing(fileName: fileName)
            }
            throw UploadError.cannotSave(fileName: fileName, reason: failure.reason)
        }
    }

    private static func write(
        from source: FileDescriptor, to folder: String, as name: String, isCancelled: () -> Bool, progress: (Int64) -> Void
    ) throws {
        try FileDescriptor.makeDirectories(folder)
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
}
