import CourseKit
import Foundation
@testable import Launch
import Testing

/// `drain`'s last line: what is left once nothing is pending, and so why it exits as it does.
struct DrainOutcomeTests {
    func job(_ id: String, _ name: String, _ state: UploadJob.State) -> UploadJob {
        UploadJob(id: id, courseID: CourseID(7), fileName: name, sourcePath: "/tmp/" + name, size: 10, backend: "canvas", queuedAt: Date(), state: state)
    }

    @Test func nothingLeftIsZeroAndSaysWhetherAnythingWasQueued() {
        #expect(QueueCommands.outcome(of: [], damaged: []) == (0, "nothing queued to send"))
        #expect(QueueCommands.outcome(of: [job("a", "essay.pdf", .done)], damaged: []) == (0, "nothing left to send"))
    }

    @Test func anOlderFailedJobIsNamedWithItsReason() {
        let jobs = [job("a", "essay.pdf", .done), job("b", "lab.zip", .failed(reason: "Canvas refused to take the submission: Invalid file type"))]
        let (status, line) = QueueCommands.outcome(of: jobs, damaged: [job("c", "x.pdf", .damaged(reason: "record cut short"))])
        #expect(status == 1)
        #expect(line == "1 failed and wait for a retry, 1 damaged (b lab.zip: Canvas refused to take the submission: Invalid file type); coursebrowser queue lists them")
    }
}
