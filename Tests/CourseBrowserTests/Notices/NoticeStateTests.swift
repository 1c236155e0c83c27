import Foundation
import Testing
@testable import CourseBrowser
import CourseKit

/// What is told outside the screen, decided apart from the shell: only while the terminal is
/// behind another window, each piece of news once, and a sent job always lets cut-off panes retry.
struct NoticeStateTests {
    let now = Date(timeIntervalSince1970: 1_788_782_400)
    var window: DateInterval { DateInterval(start: now.addingTimeInterval(-14 * 86_400), end: now.addingTimeInterval(28 * 86_400)) }
    let job = UploadJob(id: "1", courseID: CourseID(101), fileName: "essay.pdf", sourcePath: "/essay.pdf", size: 10,
                        backend: "offline", queuedAt: Date(timeIntervalSince1970: 1_788_782_400), state: .done)
    var dueSoon: PlannerItem {
        PlannerItem(id: "assignment:2", kind: .assignment, title: "Lab 4", courseCode: "CS 201", date: now.addingTimeInterval(5 * 3_600), status: .init())
    }

    @Test func aSentJobLetsCutOffPanesRetryFocusedOrNotAndIsToldOnlyWhenNobodyLooks() {
        var notices = NoticeState()
        #expect(notices.update(.queueChanged(.updated(job))) == [.retryCutOffPanes])
        #expect(notices.update(.terminalFocus(false)) == [])
        #expect(notices.update(.queueChanged(.updated(job))) == [.retryCutOffPanes, .notify(title: "Upload finished", body: "essay.pdf is in course 101")])
        #expect(notices.update(.queueChanged(.removed(id: "1"))) == [])
    }

    @Test func newsInAPlannerAnswerIsToldOnceAndOnlyRecordedWhileTheTerminalIsInFront() throws {
        var notices = NoticeState()
        let seen = notices.update(.plannerAnswered([dueSoon], window: window, told: NotificationRecord(), now: now))
        guard case let .recordTold(record) = try #require(seen.first), seen.count == 1 else {
            Issue.record("only recorded while in front: \(seen)")
            return
        }
        _ = notices.update(.terminalFocus(false))
        #expect(notices.update(.plannerAnswered([dueSoon], window: window, told: record, now: now)) == [], "told on screen already")

        var away = NoticeState()
        _ = away.update(.terminalFocus(false))
        let told = away.update(.plannerAnswered([dueSoon], window: window, told: NotificationRecord(), now: now))
        #expect(told.first == .notify(title: "Due in 5 h", body: "CS 201 · Lab 4"))
        #expect(told.count == 2, "and recorded: \(told)")
    }
}
