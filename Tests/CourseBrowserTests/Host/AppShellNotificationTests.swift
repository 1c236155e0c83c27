import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct AppShellNotificationTests {
    let failed = UploadJob(id: "1", courseID: CourseID(101), fileName: "essay.pdf", sourcePath: "/essay.pdf", size: 10,
                           backend: "offline", queuedAt: Fixtures.start, state: .failed(reason: "File too large for this course (quota): essay.pdf"))
    var done: UploadJob {
        var job = failed
        job.state = .done
        return job
    }

    func shell(_ spy: Recorder<String>) -> AppShell {
        var environment = Fixtures.environment()
        environment.notifier = Notifier { title, body in spy.append("\(title): \(body)") }
        return AppShell(environment: environment.planning([]))
    }

    @Test func aFocusedTerminalIsNotInterrupted() {
        let spy = Recorder<String>()
        shell(spy).announce(.updated(done))
        #expect(spy.values.isEmpty)
    }

    @Test func anUnfocusedTerminalHearsAboutFinishedAndFailedUploads() {
        let spy = Recorder<String>()
        let shell = shell(spy)
        #expect(shell.handle(.focusOut) == .handled)
        shell.announce(.updated(done))
        shell.announce(.updated(failed))
        var waiting = failed
        waiting.state = .uploading
        shell.announce(.updated(waiting))
        shell.announce(.removed(id: "1"))
        #expect(spy.values == [
            "Upload finished: essay.pdf is in course 101",
            "Upload failed: essay.pdf: File too large for this course (quota): essay.pdf",
        ])
        _ = shell.handle(.focusIn)
        shell.announce(.updated(done))
        #expect(spy.values.count == 2)
    }

    @Test func aSubmissionIsAnnouncedAsHandedInWithWhatCanvasRecorded() {
        let spy = Recorder<String>()
        let shell = shell(spy)
        _ = shell.handle(.focusOut)
        var handedIn = done
        handedIn.submission = .init(assignmentID: "7", assignmentName: "Essay", receipt: SubmissionAttempt(attempt: 2, isLate: true))
        var refused = failed
        refused.submission = .init(assignmentID: "7", assignmentName: "Essay")
        shell.announce(.updated(handedIn))
        shell.announce(.updated(refused))
        #expect(spy.values == [
            "Handed in: Essay: submitted late (attempt 2), essay.pdf",
            "Submission failed: essay.pdf: File too large for this course (quota): essay.pdf",
        ])
    }

    @Test func theShellHearsTheQueuesUpdatesOnceStarted() async {
        let spy = Recorder<String>()
        let listeners = Recorder<AsyncStream<UploadChange>.Continuation>()
        var environment = Fixtures.environment()
        environment.notifier = Notifier { title, body in spy.append("\(title): \(body)") }
        // Every listener gets its own stream, as from the live queue: the Course, Uploads and Due panes listen too.
        environment.uploadQueue.updates = {
            let (stream, continuation) = AsyncStream.makeStream(of: UploadChange.self)
            listeners.append(continuation)
            return stream
        }
        let shell = AppShell(environment: environment.planning([]))
        shell.start()
        _ = shell.handle(.focusOut)
        #expect(listeners.values.count == 4, "the shell, the Course pane, the Uploads pane and the Due pane")
        listeners.values.forEach { $0.yield(.updated(done)) }
        await settle { !spy.values.isEmpty }
        #expect(spy.values == ["Upload finished: essay.pdf is in course 101"])
    }
}
