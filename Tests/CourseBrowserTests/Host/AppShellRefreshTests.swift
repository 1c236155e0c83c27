import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The shell refreshes the panes on the injected clock, and tells what is new on the planner,
/// once, while the terminal is not in front.
@MainActor
struct AppShellRefreshTests {
    let day = PlannerFixtures.day
    let hour = PlannerFixtures.hour

    /// The backend's calls, by what was asked.
    final class Calls: Sendable {
        let planner = Shared(0)
        let courses = Shared(0)
        let course = Shared(0)
        /// The first date of each planner request.
        let plannerStarts = Shared<[Date]>([])
    }

    func shell(
        clock: ManualClock, calls: Calls, items: Shared<[PlannerItem]> = Shared([]), failing: Shared<Bool> = Shared(false),
        notifier: Notifier = .noOp, log: NotificationLog = .inMemory()
    ) -> AppShell {
        var environment = Fixtures.environment()
        environment.clock = clock.client
        let served = environment.courseClient
        environment.courseClient.coursesPage = { scope, cursor, progress in
            calls.courses.modify { $0 += 1 }
            return try await served.coursesPage(scope, cursor, progress)
        }
        environment.courseClient.course = { id, progress in
            calls.course.modify { $0 += 1 }
            return try await served.course(id, progress)
        }
        environment.planner = PlannerClient { start, _, _ in
            calls.planner.modify { $0 += 1 }
            calls.plannerStarts.modify { $0.append(start) }
            if failing.value { throw CourseClient.Failure(userMessage: "Can't reach school.example") }
            return items.value
        }
        environment.notifier = notifier
        environment.notificationLog = log
        return AppShell(environment: environment)
    }

    @Test func everyIntervalOnTheClockTheListTheOpenCourseAndDueAreReadAgain() async {
        let clock = ManualClock(Fixtures.start)
        let calls = Calls()
        let shell = shell(clock: clock, calls: calls)
        shell.start(openingCourse: Fixtures.swift.id, refreshingEvery: .seconds(600))
        await settle { calls.planner.value == 1 && calls.course.value == 1 && !shell.isAnimating }
        let courses = calls.courses.value
        clock.advance(by: 300)
        for _ in 0..<200 { await Task.yield() }
        #expect(calls.planner.value == 1, "not before the interval has passed")
        clock.advance(by: 301)
        await settle { calls.planner.value == 2 && calls.course.value == 2 && calls.courses.value == courses + 1 }
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("Lập trình Swift cơ bản") })
    }

    @Test func withoutAnIntervalNothingIsReadAgain() async {
        let clock = ManualClock(Fixtures.start)
        let calls = Calls()
        let shell = shell(clock: clock, calls: calls)
        shell.start()
        await settle { calls.planner.value == 1 && !shell.isAnimating }
        clock.advance(by: 7 * day)
        for _ in 0..<500 { await Task.yield() }
        #expect(calls.planner.value == 1)
    }

    @Test func aFirstAnswerIsRecordedWithoutTellingAndLaterNewsIsToldOnceWhileNobodyLooks() async {
        let clock = ManualClock(Fixtures.start)
        let calls = Calls()
        let told = Recorder<String>()
        let items = Shared([PlannerFixtures.assignment(1, "Lab 1", in: 5 * hour)])
        let log = NotificationLog.inMemory()
        let shell = shell(clock: clock, calls: calls, items: items, notifier: Notifier { told.append("\($0): \($1)") }, log: log)
        shell.start()
        await settle { log.load() != nil }
        #expect(told.values.isEmpty, "a first start tells nothing")
        _ = shell.handle(.focusOut)
        var graded = PlannerFixtures.assignment(2, "Problem Set 3", in: -day)
        graded.status = PlannerItem.Status(isSubmitted: true, isGraded: true, gradePostedAt: Fixtures.start)
        let announcement = PlannerItem(id: "announcement:9", kind: .announcement, title: "Exam moved", courseID: Fixtures.swift.id,
                                       courseCode: "SWIFT-101", date: Fixtures.start.addingTimeInterval(-hour))
        items.value += [graded, announcement, PlannerFixtures.assignment(3, "Lab 4", in: 5 * hour + 59 * 60)]
        shell.refreshPanes()
        await settle { told.values.count == 3 }
        #expect(told.values == ["New grade: SWIFT-101 · Problem Set 3", "Announcement: SWIFT-101 · Exam moved", "Due in 5 h: SWIFT-101 · Lab 4"])
        shell.refreshPanes()
        await settle { calls.planner.value == 3 && !shell.due.state.planner.isRefreshing }
        #expect(told.values.count == 3, "each is told once")
    }

    @Test func aGradeGivenBeforeItIsPostedIsToldOnceWhenItIsPosted() async {
        let clock = ManualClock(Fixtures.start)
        let calls = Calls()
        let told = Recorder<String>()
        let items = Shared([PlannerFixtures.assignment(1, "Lab 1", in: -day, status: PlannerItem.Status(isSubmitted: true))])
        let log = NotificationLog.inMemory()
        let shell = shell(clock: clock, calls: calls, items: items, notifier: Notifier { told.append("\($0): \($1)") }, log: log)
        shell.start()
        await settle { log.load() != nil }
        _ = shell.handle(.focusOut)
        items.value[0].status?.isGraded = true
        shell.refreshPanes()
        await settle { calls.planner.value == 2 && !shell.due.state.planner.isRefreshing }
        #expect(told.values.isEmpty, "graded, but the student can't see the grade yet")
        items.value[0].status?.gradePostedAt = Fixtures.start
        shell.refreshPanes()
        await settle { told.values.count == 1 }
        shell.refreshPanes()
        await settle { calls.planner.value == 4 && !shell.due.state.planner.isRefreshing }
        #expect(told.values == ["New grade: SWIFT-101 · Lab 1"])
    }

    @Test func aReloadOfDatesAskedForDaysAgoTellsNothingTwice() async {
        let clock = ManualClock(Fixtures.start)
        let calls = Calls()
        let told = Recorder<String>()
        let failing = Shared(false)
        let older = PlannerItem(id: "announcement:9", kind: .announcement, title: "Exam moved", courseID: Fixtures.swift.id,
                                courseCode: "SWIFT-101", date: Fixtures.start.addingTimeInterval(-10 * day))
        let log = NotificationLog.inMemory()
        let shell = shell(clock: clock, calls: calls, items: Shared([older]), failing: failing,
                          notifier: Notifier { told.append("\($0): \($1)") }, log: log)
        shell.start(focusing: .due)
        await settle { log.load() != nil && !shell.due.state.planner.isLoading }
        failing.value = true
        shell.refreshPanes()
        await settle { calls.planner.value == 2 && shell.due.state.planner.retryableFailure != nil }
        clock.advance(by: 7 * day)
        failing.value = false
        _ = shell.handle(.focusOut)
        _ = shell.handle(.character("r"))
        await settle { calls.planner.value == 3 && !shell.due.state.planner.isRefreshing }
        #expect(calls.plannerStarts.value.last == Fixtures.start.addingTimeInterval(-14 * day), "the retry asks again for the dates of the request that failed")
        #expect(told.values.isEmpty, "the announcement was recorded when it first came")
    }

    @Test func newsSeenOnScreenIsRecordedAndNotToldLater() async {
        let clock = ManualClock(Fixtures.start)
        let calls = Calls()
        let told = Recorder<String>()
        let items = Shared([PlannerFixtures.assignment(1, "Lab 1", in: 2 * day)])
        let shell = shell(clock: clock, calls: calls, items: items, notifier: Notifier { told.append("\($0): \($1)") })
        shell.start()
        await settle { calls.planner.value == 1 && !shell.isAnimating }
        items.value.append(PlannerFixtures.assignment(2, "Lab 2", in: 3 * hour))
        shell.refreshPanes()
        await settle { calls.planner.value == 2 && !shell.due.state.planner.isRefreshing }
        _ = shell.handle(.focusOut)
        shell.refreshPanes()
        await settle { calls.planner.value == 3 && !shell.due.state.planner.isRefreshing }
        #expect(told.values.isEmpty, "Lab 2 was on screen when it came")
    }
}
