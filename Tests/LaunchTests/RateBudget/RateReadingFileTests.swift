import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

/// The kept reading of Canvas's rate budget: written as answers come, at most once a second, and in full before exit.
@Suite struct RateReadingFileTests {
    @Test func readingsWithinASecondWaitForTheFlushAndTheLastOneIsKept() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let file = RateReadingFile(directory: folder.url.appendingPathComponent("profile"), clock: clock.client)
        #expect(file.read() == nil)
        let first = RateReading(remaining: 600, cost: 0.5, at: clock.now(), host: "school.example")
        let second = RateReading(remaining: 540, cost: 0.25, at: clock.now(), host: "school.example")
        file.note(first)
        #expect(file.read() == nil, "within the file's first second a reading waits, so a short command writes once")
        file.note(second)
        file.flush()
        #expect(file.read() == second)
        clock.advance(by: 1)
        let third = RateReading(remaining: 480, cost: nil, at: clock.now(), host: "school.example")
        file.note(third)
        #expect(file.read() == third, "a second after the last write, a reading is written as it comes")
        let fourth = RateReading(remaining: 470, cost: nil, at: clock.now(), host: "school.example")
        file.note(fourth)
        #expect(file.read() == third, "the fourth came within a second of the third's write")
        file.flush()
        #expect(file.read() == fourth)
    }
}
