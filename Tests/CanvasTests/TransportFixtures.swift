import Foundation
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// A clock whose time moves only when a test says so.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    /// Added to the time after each read, so a test can age a signature between steps.
    private var steps: [TimeInterval]

    init(start: Date = Date(timeIntervalSince1970: 1_000_000), steps: [TimeInterval] = []) {
        current = start
        self.steps = steps
    }

    var clock: WallClock {
        WallClock(now: { self.read() }, sleep: { _ in try Task.checkCancellation() })
    }

    private func read() -> Date {
        lock.withLock {
            let now = current
            if !steps.isEmpty { current += steps.removeFirst() }
            return now
        }
    }
}
