import Foundation
import Testing
@testable import CourseKit

/// The in-memory record the catalogs and `--no-cache` keep.
struct SeenClientTests {
    @Test func theInMemoryRecordGivesBackWhatWasRecordedPerCourse() {
        let client = SeenClient.inMemory()
        let seen = SeenCourse(recordedAt: Date(timeIntervalSince1970: 1_800_000_000), announcements: ["announcement:1"])
        #expect(client.seen(CourseID(1)) == nil)
        client.record(CourseID(1), seen)
        #expect(client.seen(CourseID(1)) == seen)
        #expect(client.seen(CourseID(2)) == nil)
    }
}
