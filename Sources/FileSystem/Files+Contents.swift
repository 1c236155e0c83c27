import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Files {
    /// The bytes of the regular file at `path`, or nil when it can't be read or holds more than
    /// `limit` bytes, which is known from its size before anything is read.
    ///
    /// Anything but a regular file is left unread: it is opened without waiting (`O_NONBLOCK`),
    /// so a FIFO put in a file's place, or a symbolic link to one, can't block the app for a
    /// writer that never comes, and is then refused by its type.
    package static func contents(of path: String, atMost limit: Int64) -> Data? {
        guard let file = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY) else { return nil }
        defer { file.close() }
        guard let info = try? file.status(), info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) <= limit else { return nil }
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
