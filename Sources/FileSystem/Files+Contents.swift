import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Files {
    /// The regular file at `path`, open for reading with its status; nil for anything else.
    ///
    /// It is opened without waiting (`O_NONBLOCK`), so a FIFO put in a file's place, or a
    /// symbolic link to one, can't block the app for a writer that never comes, and is then
    /// refused by its type. The caller closes what it gets.
    package static func openRegular(_ path: String) -> (file: FileDescriptor, status: stat)? {
        guard let file = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY) else { return nil }
        guard let info = try? file.status(), info.st_mode & S_IFMT == S_IFREG else {
            file.close()
            return nil
        }
        return (file, info)
    }

    /// The bytes of the regular file at `path` (`openRegular`), or nil when it can't be read or
    /// holds more than `limit` bytes, which is known from its size before anything is read.
    package static func contents(of path: String, atMost limit: Int64) -> Data? {
        guard let (file, info) = openRegular(path) else { return nil }
        defer { file.close() }
        guard Int64(info.st_size) <= limit else { return nil }
        // One byte more than the size says: a file that grew since is read no further than that.
        var data = Data(count: Int(info.st_size) + 1)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { bytes in
                try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
            }
            guard let count else { return nil }
            if count == 0 { break }
            filled += count
        }
        guard filled <= Int(info.st_size) else { return nil }
        data.count = filled
        return data
    }
}
