import Glibc
import Synchronization

extension SavedCopyStore {
    /// Counts a write a background writer takes on, until `writeEnded`.
    func writeBegan() {
        writesUnderWay.withLock { $0 += 1 }
    }

    func writeEnded() {
        writesUnderWay.withLock { $0 -= 1 }
    }

    /// Whether every write handed to a background writer has finished.
    public var isSettled: Bool {
        writesUnderWay.withLock { $0 <= 0 }
    }

    /// Waits, blocking the calling thread, until every write under way has finished or
    /// `seconds` have passed: what a process about to exit does so that the record of what was
    /// seen, or the answer it just printed, is not cut off; a stuck disk or an account still
    /// being asked of Canvas holds the exit up no longer than that.
    public func settle(within seconds: Double) {
        let step: UInt32 = 10_000
        var waited = 0.0
        while !isSettled, waited < seconds {
            usleep(step)
            waited += Double(step) / 1_000_000
        }
    }
}
