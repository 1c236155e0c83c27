import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension DownloadTransport {
    /// Writes a catalog file's bytes into the part, as a file store answers a ranged request:
    /// only the missing tail when the part holds a prefix of these same bytes (its validator
    /// matches), else the whole file from its first byte.
    public static func catalog(now: @escaping @Sendable () -> Date, index load: @escaping @Sendable () throws -> CatalogIndex) -> DownloadTransport {
        DownloadTransport { request in
            guard let download = request.job.download else { throw CatalogDownloadError.notADownload }
            let files = try load().catalogFiles(request.job.courseID)
            guard let file = files.first(where: { $0.id.text == download.fileID }) else { throw CatalogDownloadError.missing(download.fileID) }
            if let reason = file.locked { throw CatalogDownloadError.locked(file.name, reason: reason) }
            let content = file.content
            let validator = file.validator(now: now())
            var start = Files.size(of: request.part.path) ?? 0
            if start > content.count || (start > 0 && request.validator != validator) { start = 0 }
            if start == 0 { try await request.remember(validator) }
            try writeTail(content, from: Int(start), into: request.part.path)
            request.progress(Int64(content.count))
        }
    }

    /// Leaves `path` holding `content`, writing only from `start`: what is before it is already there.
    private static func writeTail(_ content: [UInt8], from start: Int, into path: String) throws {
        let part = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW)
        defer { part.close() }
        // A longer part is cut, so a stale tail never survives.
        guard ftruncate(part.raw, off_t(start)) == 0, lseek(part.raw, off_t(start), SEEK_SET) == off_t(start) else {
            throw FileSystemError.last(path)
        }
        try content[start...].withUnsafeBytes { try part.write(all: $0) }
        try part.sync()
    }
}
