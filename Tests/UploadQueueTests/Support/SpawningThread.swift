import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A thread that starts `/bin/true` over and over until stopped, so that at any moment a
/// child may hold copies of this process's descriptors on its way to `exec`.
final class SpawningThread: @unchecked Sendable {
    private let stopped = NSLock()
    private var isStopped = false
    private let finished = DispatchSemaphore(value: 0)
    private(set) var spawned = 0

    init() {
        Thread.detachNewThread { [self] in
            while !shouldStop() {
                var pid = pid_t()
                var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
                defer { argv.forEach { free($0) } }
                if posix_spawn(&pid, "/bin/true", nil, nil, &argv, environ) == 0 {
                    waitpid(pid, nil, 0)
                    spawned += 1
                }
            }
            finished.signal()
        }
    }

    /// Stops spawning and returns how many children were started.
    func stop() -> Int {
        stopped.withLock { isStopped = true }
        finished.wait()
        return spawned
    }

    private func shouldStop() -> Bool {
        stopped.withLock { isStopped }
    }
}
