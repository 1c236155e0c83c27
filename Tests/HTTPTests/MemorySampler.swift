import Foundation
import Synchronization

/// Samples this process's resident memory every 10 ms on a thread of its own, so that tests
/// blocking the few threads tasks run on can't make it miss the peak.
final class MemorySampler: Sendable {
    private struct Samples {
        var peak = 0
        var count = 0
        var stopped = false
    }

    private let samples = Mutex(Samples())

    init() {
        Thread.detachNewThread { [self] in
            while samples.withLock({ !$0.stopped }) {
                let now = Self.residentBytes()
                samples.withLock { samples in
                    samples.peak = max(samples.peak, now)
                    samples.count += 1
                }
                usleep(10_000)
            }
        }
    }

    /// Stops sampling; the most memory seen, and how many samples saw it.
    func stop() -> (peak: Int, count: Int) {
        samples.withLock { samples in
            samples.stopped = true
            return (samples.peak, samples.count)
        }
    }

    /// This process's resident memory now, from `/proc/self/statm`.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
