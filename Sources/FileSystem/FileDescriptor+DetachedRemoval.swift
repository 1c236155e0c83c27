import CDetachedUnlink

#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// Removes the files `names` from this directory without waiting while the file system frees them.
    ///
    /// Deleting a file of a few hundred megabytes holds the caller for tens of milliseconds
    /// while its blocks are freed; a short-lived command would spend them at its very end, after
    /// its work is done. A detached process of its own deletes them instead (see
    /// `cb_unlink_detached`); where none can be started they are deleted here. Best effort,
    /// like `unlink`: a name that can't be removed is left, and a name that is gone is no error.
    package func removeFilesDetached(_ names: [String]) {
        guard !names.isEmpty else { return }
        // Copied to C before the fork: the child may run only system calls.
        let copies = names.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        guard copies.allSatisfy({ $0 != nil }) else { return removeFiles(names) }
        let pointers = copies.map { UnsafePointer($0) }
        let handedOver = pointers.withUnsafeBufferPointer { buffer in
            cb_unlink_detached(raw, buffer.baseAddress, buffer.count) == 0
        }
        if !handedOver { removeFiles(names) }
    }

    /// Removes the files `names` from this directory here and now; best effort, as above.
    package func removeFiles(_ names: [String]) {
        for name in names {
            unlinkat(raw, name, 0)
        }
    }
}
