import Foundation
import Synchronization
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// A clock whose time moves only when a test says so.
final class SteppingClock: Sendable {
    /// The time, and what is added to it after each read, so a test can age a signature between steps.
    private let state: Mutex<(current: Date, steps: [TimeInterval])>

    init(start: Date = Date(timeIntervalSince1970: 1_000_000), steps: [TimeInterval] = []) {
        state = Mutex((start, steps))
    }

    var clock: WallClock {
        WallClock(now: { self.read() }, sleep: { _ in try Task.checkCancellation() })
    }

    private func read() -> Date {
        state.withLock { state in
            let now = state.current
            if !state.steps.isEmpty { state.current += state.steps.removeFirst() }
            return now
        }
    }
}
