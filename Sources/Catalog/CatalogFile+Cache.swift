import FileSystem
import FoundationEssentials
import Synchronization

extension CatalogFile {
    /// The index of one catalog file, kept while the file stays as it was read.
    ///
    /// Every request asks; a file that was replaced, grew or was touched since is read again,
    /// so a fix the user saves is picked up by the next `r`, and an unchanged file is read once.
    final class Cache: Sendable {
        private let kept = Mutex<(version: FileVersion, index: CatalogIndex)?>(nil)
        private let readCount = Mutex(0)

        /// How many times the file was read and indexed.
        var reads: Int { readCount.withLock { $0 } }

        func index(_ path: String) throws -> CatalogIndex {
            try kept.withLock { kept in
                if let version = FileVersion(path: path), let kept, kept.version == version { return kept.index }
                readCount.withLock { $0 += 1 }
                // Kept under the version the file had when it was opened, so a change made
                // while it was read is seen by the next request.
                let (index, version) = try CatalogIndex.file(path)
                kept = (version, index)
                return index
            }
        }
    }
}
