import CourseKit
import FileSystem
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The right to upload one job, held until `release()` or until this object goes away.
///
/// It is an `flock` on the job's directory, so the kernel drops it when the owning
/// process dies, however it dies; another process can then claim the job again.
public final class UploadClaim: Sendable {
    public let jobID: String
    /// Taken out by the first `release()` (or `deinit`), so the descriptor is closed once.
    private let descriptor: Mutex<FileDescriptor?>

    init(jobID: String, descriptor: FileDescriptor) {
        self.jobID = jobID
        self.descriptor = Mutex(descriptor)
    }

    deinit {
        release()
    }

    /// Gives the job up so any process may claim it; calling it again does nothing.
    public func release() {
        descriptor.withLock { $0.take() }?.close()
    }
}
