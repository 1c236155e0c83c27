import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Where a catalog document's bytes are: in memory, or in a file read again for each
/// course opened, so a big catalog is never held whole.
enum CatalogBytes: Sendable {
    case memory([UInt8])
    /// A file, as it was when indexed; reads refuse a file that has changed since.
    case file(path: String, version: FileVersion)

    /// The document's bytes in `range`.
    func read(_ range: Range<Int>) throws -> Data {
        switch self {
        case let .memory(bytes):
            return Data(bytes[range])
        case let .file(path, version):
            return try Self.read(range, of: path, version: version)
        }
    }

    private static func read(_ range: Range<Int>, of path: String, version: FileVersion) throws -> Data {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, O_RDONLY)
        } catch {
            throw CatalogError.unreadable(path: path, reason: "the file could not be read")
        }
        defer { file.close() }
        guard let status = try? file.status(), FileVersion(status) == version else {
            throw CatalogError.unreadable(path: path, reason: "it changed while being read; press r to read it again")
        }
        var data = Data(count: range.count)
        let complete = data.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < range.count {
                let count = pread(file.raw, base + done, range.count - done, off_t(range.lowerBound + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        guard complete else { throw CatalogError.unreadable(path: path, reason: "the file could not be read") }
        return data
    }
}
