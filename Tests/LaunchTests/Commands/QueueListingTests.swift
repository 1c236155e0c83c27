import CourseKit
import Foundation
@testable import Launch
import Testing

/// What `queue` prints: a table in the Uploads pane's words (course codes, sizes as people read
/// them), and JSON that keeps the raw numbers and IDs for scripts.
@Suite struct QueueListingTests {
    static let job = UploadJob(
        id: "job-1", courseID: CourseID(10032), fileName: "my essay.txt", sourcePath: "/home/an/my essay.txt", size: 2000,
        backend: "local", queuedAt: Date(timeIntervalSince1970: 1_796_000_000), state: .done, attempts: 1
    )

    static func row(_ table: String) -> String? {
        table.split(separator: "\n").map(String.init).first { $0.hasPrefix("job-1") }
    }

    @Test func theTableNamesTheCourseByItsCodeAndTheSizeAsThePaneDoes() {
        let table = QueueListing.table([Self.job], courseNames: [CourseID(10032): "INT2215"])
        #expect(table.hasPrefix("ID     COURSE   KIND  FILE          SIZE    STATE"), "\(table)")
        #expect(Self.row(table) == "job-1  INT2215  file  my essay.txt  2.0 KB  done   1", "\(table)")
    }

    @Test func aCourseNoneKnowsIsListedByItsID() {
        let table = QueueListing.table([Self.job], courseNames: [CourseID(1): "MATH 101"])
        #expect(Self.row(table) == "job-1  10032   file  my essay.txt  2.0 KB  done   1", "\(table)")
    }

    /// The first job of JSON `text`.
    static func first(_ text: String) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require((parsed as? [[String: Any]])?.first, "not a list of jobs: \(text)")
    }

    @Test func jsonKeepsTheRawSizeAndCourseIDAndAddsTheName() throws {
        let row = try Self.first(QueueListing.json([Self.job], courseNames: [CourseID(10032): "INT2215"]))
        #expect(row["size"] as? Int == 2000)
        #expect(row["course"] as? String == "10032")
        #expect(row["course_name"] as? String == "INT2215")
        let unnamed = try Self.first(QueueListing.json([Self.job]))
        #expect(unnamed["course_name"] is NSNull, "a course none knows has no name, not a made-up one")
    }
}
