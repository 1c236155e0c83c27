#if canImport(Glibc)
import Glibc
#endif

extension LocalPath {
    /// The working directory, or nil when it can't be read (removed, or too deep).
    public static var currentDirectory: LocalPath? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return LocalPath(bytes: Array(UnsafeRawBufferPointer(start: path, count: strlen(path))))
    }

    /// Calls `body` with the path as a NUL-terminated C string, byte for byte, for a system call.
    ///
    /// - Returns: nil, without calling `body`, when the path holds a NUL: no file has such a
    ///   name, and a system call would read a shorter path than this one.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result? {
        guard !bytes.contains(0) else { return nil }
        return try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.baseAddress.map { base in
                try base.withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
            }
        }
    }

    /// What `stat` says of the file here (following symbolic links), or nil when there is none.
    public func status() -> stat? {
        withCString { path -> stat? in
            var status = stat()
            return stat(path, &status) == 0 ? status : nil
        } ?? nil
    }

    /// Whether a folder is here (following symbolic links).
    public var isDirectory: Bool {
        status().map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// Whether a regular file is here (following symbolic links).
    public var isRegularFile: Bool {
        status().map { $0.st_mode & S_IFMT == S_IFREG } ?? false
    }

    /// The names in the folder here, without `.` and `..`, as bytes; empty when it can't be read.
    public func entryNames() -> [LocalPath] {
        guard let stream = withCString({ opendir($0) }) ?? nil else { return [] }
        defer { closedir(stream) }
        var names: [LocalPath] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { field in
                Array(field.prefix { $0 != 0 })
            }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] {
                names.append(LocalPath(bytes: name))
            }
        }
        return names
    }
}
