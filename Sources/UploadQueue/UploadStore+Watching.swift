import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension UploadStore {
    /// Tells of each change to the queue on disk, by this process or any other sharing the data
    /// directory (a `drain` or a `sync` in another terminal): a job queued, changed or removed.
    /// Changes close together may come as one; the stream lasts until its reader stops.
    ///
    /// The kernel tells of them (`FolderWatch` on `jobs/`): a job comes and goes by a rename in
    /// `jobs/`, and a record replaced in its own folder touches `jobs/` (`noteChange`), so one
    /// watch hears everything and nothing is read until something changed. Where no watch can be
    /// had, the queue is looked at every few seconds instead.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        do {
            let watch = try FolderWatch(path: jobsURL.path) { continuation.yield() }
            continuation.onTermination = { _ in watch.cancel() }
        } catch {
            let clock = clock
            let poll = Task {
                while !Task.isCancelled {
                    try? await clock.sleep(.seconds(5))
                    continuation.yield()
                }
            }
            continuation.onTermination = { _ in poll.cancel() }
        }
        return stream
    }

    /// Touches `jobs/`, so a watcher of it hears that a record in one of its folders was replaced,
    /// which changes no entry of `jobs/` itself.
    func noteChange() {
        _ = utimensat(AT_FDCWD, jobsURL.path, nil, 0)
    }
}
