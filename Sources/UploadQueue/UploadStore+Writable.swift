import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Throws `notWritable` when the queue can't be changed now: its disk is read-only, or a
    /// folder of it is not this user's to write.
    ///
    /// Nothing is written to find out: the kernel is asked (`faccessat` with `W_OK`, as the
    /// effective user), and it answers as a write would, `EROFS` for a read-only disk and
    /// `EACCES` or `EPERM` for a folder closed to writing. A queue not made yet is checked where
    /// it would be made.
    public func checkWritable() throws {
        for path in foldersWrittenIn() where faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 {
            let error = FileSystemError.last(path)
            // Gone in the meantime: nothing that can't be written, just a folder to make again.
            if error.isMissing { continue }
            throw notWritable(error)
        }
    }

    /// The folders a change to the queue writes entries in: `queue/` and its folders as far
    /// as they exist, else the nearest existing folder above `queue/`, where it will be made.
    private func foldersWrittenIn() -> [String] {
        let queue = queueURL.path
        guard LocalPath(queue).isDirectory else { return nearestExistingFolder(above: queueURL).map { [$0] } ?? [] }
        return [queue] + [Self.jobsName, Self.stagingName, Self.trashName]
            .map { queueURL.appendingPathComponent($0).path }
            .filter { LocalPath($0).isDirectory }
    }

    private func nearestExistingFolder(above url: URL) -> String? {
        var folder = url.deletingLastPathComponent()
        while !LocalPath(folder.path).isDirectory {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
        return folder.path
    }
}
