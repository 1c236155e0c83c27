import CourseKit
import Foundation
import Synchronization

/// A clock a test moves by hand; sleeping only lets other tasks run.
package final class ManualClock: Sendable {
    private let current: Mutex<Date>

    package init(_ start: Date) {
        current = Mutex(start)
    }

    package func now() -> Date {
        current.withLock { $0 }
    }

    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    package var client: WallClock {
        WallClock(now: { self.now() }, sleep: { _ in
            await Task.yield()
            try Task.checkCancellation()
        })
    }
}
