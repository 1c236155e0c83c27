import CourseKit
import FileSystem

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Deletes what killed processes left in `staging/` and `trash/`.
    ///
    /// A directory there whose lock is free has no living owner (the kernel dropped the
    /// lock when the owner died), so deleting it can't disturb a write in progress.
    /// Best effort: whatever can't be deleted now is tried again next time.
    func sweep(_ queue: FileDescriptor) {
        for name in [Self.stagingName, Self.trashName] {
            guard let parent = try? queue.openDirectory(name) else { continue }
            defer { parent.close() }
            guard let names = try? parent.entryNames() else { continue }
            for name in names {
                let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW
                guard let abandoned = try? FileLock.open(name, in: parent, flags: flags, wait: false) else { continue }
                try? parent.removeTree(name)
                abandoned.close()
            }
        }
    }
}
