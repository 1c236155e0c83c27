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

    /// The document's bytes in `range`, in an array of just their size: a syllabus of 10 MB is
    /// one of these, and a `Data` would be made a quarter larger and cleared first.
    func read(_ range: Range<Int>) throws -> [UInt8] {
        switch self {
        case let .memory(bytes):
            return Array(bytes[range])
        case let .file(path, version):
            return try Self.read(range, of: path, version: version)
        }
    }

    private static func read(_ range: Range<Int>, of path: String, version: FileVersion) throws -> [UInt8] {
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
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < range.count {
                let count = pread(file.raw, base + initialized, range.count - initialized, off_t(range.lowerBound + initialized))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    complete = false
                    return
                }
                initialized += count
            }
        }
        guard complete else { throw CatalogError.unreadable(path: path, reason: "the file could not be read") }
        return bytes
    }
}
