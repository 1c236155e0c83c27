import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads a catalog file, turning every failure into a `CatalogError` that names the file;
/// `Cache` keeps its index while the file stays as it was.
public enum CatalogFile {
    /// The file opened for reading, and its version as it was opened.
    static func open(_ path: String) throws -> (descriptor: FileDescriptor, version: FileVersion, isRegular: Bool) {
        try checkReadable(path)
        do {
            let descriptor = try FileDescriptor.open(path, O_RDONLY)
            do {
                let status = try descriptor.status()
                return (descriptor, FileVersion(status), status.st_mode & S_IFMT == S_IFREG)
            } catch {
                descriptor.close()
                throw error
            }
        } catch {
            throw CatalogError.unreadable(path: path, reason: "the file could not be read")
        }
    }

    /// Fills `buffer` with the file's next bytes, as many as there are; returns how many.
    static func read(into buffer: UnsafeMutableRawBufferPointer, from file: FileDescriptor) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let count = Glibc.read(file.raw, base + done, buffer.count - done)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw CatalogError.unreadable(path: file.path, reason: "the file could not be read") }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// What is left to read of `file`, such as all that comes through a pipe; with `offset`,
    /// all from there on, read anew.
    static func remainder(of file: FileDescriptor, from offset: off_t? = nil) throws -> Data {
        if let offset, lseek(file.raw, offset, SEEK_SET) < 0 {
            throw CatalogError.unreadable(path: file.path, reason: "the file could not be read")
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try read(into: $0, from: file) }
            guard count > 0 else { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    private static func checkReadable(_ path: String) throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError.missing(path: path)
        }
        if isDirectory {
            throw CatalogError.unreadable(path: path, reason: "it is a folder")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CatalogError.unreadable(path: path, reason: "permission denied")
        }
    }
}
