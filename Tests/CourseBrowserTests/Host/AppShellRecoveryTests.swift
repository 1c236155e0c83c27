import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// When the network comes back, one pane loading again is enough: every other pane that failed
/// tries again by itself, rather than each waiting for its own `r`.
@MainActor
struct AppShellRecoveryTests {
    @Test func onePaneLoadingAgainMakesTheOthersThatFailedTryAgain() async {
        let offline = Shared(true)
        let plannerCalls = Shared(0)
        var environment = Fixtures.environment()
        let served = environment.courseClient
        environment.courseClient.coursesPage = { scope, cursor, progress in
            if offline.value { throw CourseClient.Failure(userMessage: "Can't reach school.example") }
            return try await served.coursesPage(scope, cursor, progress)
        }
        environment.planner = PlannerClient { _, _, _ in
            plannerCalls.modify { $0 += 1 }
            if offline.value { throw CourseClient.Failure(userMessage: "Can't reach school.example") }
            return [PlannerFixtures.assignment(1, "Lab 1", in: PlannerFixtures.hour)]
        }
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { shell.list.hasFailure && shell.due.hasFailure && !shell.isAnimating }
        let asked = plannerCalls.value

        offline.value = false
        #expect(shell.handle(.character("r")) == .handled, "r in the course list")
        await settle { !shell.list.hasFailure && !shell.due.hasFailure && !shell.isAnimating }
        #expect(plannerCalls.value == asked + 1, "the Due pane asked again by itself, once")
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("Lab 1") })
    }

    @Test func aPaneThatNeverFailedIsNotAskedAgain() async {
        let plannerCalls = Shared(0)
        var environment = Fixtures.environment()
        environment.planner = PlannerClient { _, _, _ in
            plannerCalls.modify { $0 += 1 }
            return []
        }
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { plannerCalls.value == 1 && !shell.isAnimating }
        shell.retryFailedPanes()
        for _ in 0..<200 { await Task.yield() }
        #expect(plannerCalls.value == 1)
    }
}
