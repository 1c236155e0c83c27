#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// The names in this directory, without `.` and `..`.
    package func entryNames() throws -> [String] {
        // fdopendir takes ownership of the descriptor it gets, so give it a copy.
        let copy = fcntl(raw, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw FileSystemError.last(path) }
        guard let stream = fdopendir(copy) else {
            let error = FileSystemError.last(path)
            Glibc.close(copy)
            throw error
        }
        defer { closedir(stream) }
        // The copy shares the original's position, which an earlier listing left at the end.
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Deletes `name` and, if it is a directory, everything in it; never follows symbolic links.
    ///
    /// An entry that is gone already is no failure: another remover (a payload's detached one,
    /// a sweep) got there first.
    package func removeTree(_ name: String) throws {
        let directory: FileDescriptor
        do {
            directory = try openDirectory(name)
        } catch let error as FileSystemError where error.code == ENOTDIR || error.code == ELOOP {
            // Not a directory (O_NOFOLLOW refuses a symbolic link with ELOOP): a plain entry.
            do {
                try removeEntry(name, isDirectory: false)
            } catch let error as FileSystemError where error.isMissing {}
            return
        } catch let error as FileSystemError where error.isMissing {
            return
        }
        defer { directory.close() }
        for entry in try directory.entryNames() {
            try directory.removeTree(entry)
        }
        try removeEntry(name, isDirectory: true)
    }
}
