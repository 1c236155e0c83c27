import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// `mkdir -p` with `mode` (0700 unless said) for every directory it creates; existing ones are left alone.
    ///
    /// With `durable`, each new entry is synced to the disk before the next is made; a cache,
    /// whose files are not synced either, passes false and waits for no disk.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o700, durable: Bool = true) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(code: ENOTDIR, path: path) }
            return
        }
        guard errno == ENOENT else { throw FileSystemError.last(path) }
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        if parent != path { try makeDirectories(parent, mode: mode, durable: durable) }
        let parentDirectory = try FileDescriptor.open(parent, O_RDONLY | O_DIRECTORY)
        defer { parentDirectory.close() }
        try parentDirectory.makeDirectoryIfMissing(url.lastPathComponent, mode: mode, durable: durable)
    }

    /// Creates `name` (0700 unless said) in this directory unless it exists, and (`durable`) syncs
    /// this directory so the new entry is durable.
    package func makeDirectoryIfMissing(_ name: String, mode: mode_t = 0o700, durable: Bool = true) throws {
        do {
            try makeDirectory(name, mode: mode)
        } catch let error as FileSystemError where error.code == EEXIST {
            return
        }
        if durable { try sync() }
    }
}
