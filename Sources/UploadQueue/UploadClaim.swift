import CourseKit
import FileSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The right to upload one job, held until `release()` or until this object goes away.
///
/// It is an `flock` on the job's directory, so the kernel drops it when the owning
/// process dies, however it dies; another process can then claim the job again.
public final class UploadClaim: @unchecked Sendable {
    public let jobID: String
    // Guards `descriptor` so `release()` and `deinit` never close it twice; `@unchecked`
    // because NSLock-protected state is invisible to the compiler's Sendable check.
    private let lock = NSLock()
    private var descriptor: FileDescriptor?

    init(jobID: String, descriptor: FileDescriptor) {
        self.jobID = jobID
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// True until `release()`.
    public var isHeld: Bool {
        lock.withLock { descriptor != nil }
    }

    /// Gives the job up so any process may claim it; calling it again does nothing.
    public func release() {
        let held = lock.withLock {
            defer { descriptor = nil }
            return descriptor
        }
        held?.close()
    }
}
