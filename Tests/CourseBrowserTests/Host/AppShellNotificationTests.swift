import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct AppShellNotificationTests {
    let job = UploadJob(id: "1", courseID: CourseID(101), fileName: "essay.pdf", sourcePath: "/essay.pdf", size: 10,
                        backend: "offline", queuedAt: Fixtures.start, state: .failed(reason: "File too large for this course (quota): essay.pdf"))

    func shell(_ spy: Recorder<String>) -> AppShell {
        var environment = Fixtures.environment()
        environment.notifier = Notifier { title, body in spy.append("\(title): \(body)") }
        return AppShell(environment: environment)
    }

    @Test func aFocusedTerminalIsNotInterrupted() {
        let spy = Recorder<String>()
        shell(spy).uploadEvent(.finished(job))
        #expect(spy.values.isEmpty)
    }

    @Test func anUnfocusedTerminalHearsAboutFinishedAndFailedUploads() {
        let spy = Recorder<String>()
        let shell = shell(spy)
        #expect(shell.handle(.focusOut) == .handled)
        shell.uploadEvent(.finished(job))
        shell.uploadEvent(.failedForGood(job))
        #expect(spy.values == [
            "Upload finished: essay.pdf is in course 101",
            "Upload failed: essay.pdf: File too large for this course (quota): essay.pdf",
        ])
        _ = shell.handle(.focusIn)
        shell.uploadEvent(.finished(job))
        #expect(spy.values.count == 2)
    }
}
