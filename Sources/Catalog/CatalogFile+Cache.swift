import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

extension CatalogFile {
    /// The index of one catalog file, kept while the file stays as it was read.
    ///
    /// Every request asks; a file that was replaced, grew or was touched since is read again,
    /// so a fix the user saves is picked up by the next `r`, and an unchanged file is read once.
    final class Cache: Sendable {
        private let kept = Mutex<(version: Version, index: CatalogIndex)?>(nil)
        private let readCount = Mutex(0)

        /// How many times the file was read and indexed.
        var reads: Int { readCount.withLock { $0 } }

        /// What tells one state of a file from another, as `stat` reports it.
        struct Version: Equatable {
            var device: UInt64
            var inode: UInt64
            var size: Int64
            var modified: timespec
            var changed: timespec

            static func == (lhs: Version, rhs: Version) -> Bool {
                lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                    && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
                    && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
            }

            init?(path: String) {
                var status = stat()
                guard stat(path, &status) == 0 else { return nil }
                device = UInt64(status.st_dev)
                inode = UInt64(status.st_ino)
                size = Int64(status.st_size)
                modified = status.st_mtim
                changed = status.st_ctim
            }
        }

        func index(_ path: String) throws -> CatalogIndex {
            try kept.withLock { kept in
                let version = Version(path: path)
                if let version, let kept, kept.version == version { return kept.index }
                readCount.withLock { $0 += 1 }
                let index = try CatalogIndex(try CatalogFile.contents(of: path), source: path)
                // Cached only under the version seen before reading, so a change made while
                // it was read is seen by the next request.
                kept = version.map { ($0, index) }
                return index
            }
        }
    }
}
