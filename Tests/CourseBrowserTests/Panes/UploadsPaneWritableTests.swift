import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TestSupport

/// A queue that can be read but not written (a read-only disk) says so inside the Uploads pane.
@MainActor
struct UploadsPaneWritableTests {
    static let readOnly = "Can't save to the upload queue in /data: the disk is read-only"

    @Test func aQueueThatCantBeWrittenSaysSoUnderItsJobsUntilItCanAgain() async {
        let problem = Shared<String?>(Self.readOnly)
        var queue = UploadQueueClient.noOp
        queue.jobs = { [UploadJob(id: "a", courseID: CourseID(101), fileName: "essay.pdf", sourcePath: "/home/an/essay.pdf", size: 10,
                                  backend: "offline", queuedAt: Fixtures.start)] }
        queue.checkWritable = {
            if let message = problem.value { throw CourseClient.Failure(userMessage: message) }
        }
        var environment = Fixtures.environment()
        environment.uploadQueue = queue
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.lines(width: 100, height: 8, focused: false).joined().contains("read-only") }
        let lines = pane.lines(width: 100, height: 8, focused: false)
        #expect(lines[0].contains("essay.pdf"), "the jobs are still listed: \(lines)")
        #expect(lines[1] == " ❗ Can't save to the upload queue in /data: the disk is read-only. Nothing is queued or sent until")
        #expect(lines[2] == "    it can be written.")
        #expect(!lines.joined().contains("[r]etry"), "nothing in the app fixes a read-only disk")

        problem.value = nil
        pane.update(.changedOnDisk)
        await settle { !pane.lines(width: 100, height: 8, focused: false).joined().contains("read-only") }
    }
}
