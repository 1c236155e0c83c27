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

    @Test func eachKindIsNamedForWhatItSendsAndNoneWidensTheTable() throws {
        var mark = Self.job
        mark.id = "job-2"
        mark.plannerMark = UploadJob.PlannerMark(PlannerItem(id: "assignment:5", kind: .assignment, title: "Lab 3", date: Date()), done: true)
        var note = Self.job
        note.id = "job-3"
        note.plannerNote = UploadJob.PlannerNote(action: .add, title: "Đọc chương 3", date: Date())
        var reply = Self.job
        reply.id = "job-4"
        reply.discussionReply = UploadJob.DiscussionReply(topicID: "71", topicTitle: "Week 3", entryID: "9", text: "Thanks")
        var post = reply
        post.id = "job-5"
        post.discussionReply?.entryID = nil
        var handIn = Self.job
        handIn.id = "job-6"
        handIn.submission = UploadJob.Submission(assignmentID: "7", assignmentName: String(repeating: "Very long assignment name ", count: 6))
        let jobs = [Self.job, mark, note, reply, post, handIn]
        let kinds = QueueListing.table(jobs).split(separator: "\n").dropFirst().map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).prefix(2).joined(separator: " ")
        }
        #expect(kinds == ["file my", "done mark", "to-do To-do:", "reply Reply:", "post Post:", "submission to"], "\(kinds)")
        #expect(QueueListing.table([handIn]).contains("submission to Very long assignment name V…  my essay.txt"), "cut to 28 columns")
        let parsed = try JSONSerialization.jsonObject(with: Data(QueueListing.json(jobs).utf8)) as? [[String: Any]]
        #expect(parsed?.map { $0["kind"] as? String } == ["course_file", "planner_mark", "planner_note", "discussion_post", "discussion_post", "submission"])
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
