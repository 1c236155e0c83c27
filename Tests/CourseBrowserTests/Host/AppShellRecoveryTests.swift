import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// When the network comes back, one pane loading again is enough: every other pane that could
/// not reach the backend tries again by itself, rather than each waiting for its own `r`; a
/// failure that is not the network's waits for `r`.
@MainActor
struct AppShellRecoveryTests {
    struct Unreachable: UserFacingError, TransientError {
        var userMessage: String { "Can't reach school.example" }
        var isTransient: Bool { true }
        var meansOffline: Bool { true }
    }

    struct ServerError: UserFacingError {
        var userMessage: String { "Canvas error at school.example (HTTP 500)" }
    }

    /// A shell whose course list and planner fail with `failure` while `down` holds.
    func shell(failing failure: any Error, down: Shared<Bool>, plannerCalls: Shared<Int>) -> AppShell {
        var environment = Fixtures.environment()
        let served = environment.courseClient
        environment.courseClient.coursesPage = { scope, cursor, progress in
            if down.value { throw failure }
            return try await served.coursesPage(scope, cursor, progress)
        }
        environment.planner = PlannerClient { _, _, _ in
            plannerCalls.modify { $0 += 1 }
            if down.value { throw failure }
            return [PlannerFixtures.assignment(1, "Lab 1", in: PlannerFixtures.hour)]
        }
        return AppShell(environment: environment)
    }

    @Test func onePaneLoadingAgainMakesTheOthersThatWereCutOffTryAgain() async {
        let down = Shared(true)
        let plannerCalls = Shared(0)
        let shell = shell(failing: Unreachable(), down: down, plannerCalls: plannerCalls)
        shell.start()
        await settle { shell.list.isCutOff && shell.due.isCutOff && !shell.isAnimating }
        let asked = plannerCalls.value

        down.value = false
        #expect(shell.handle(.character("r")) == .handled, "r in the course list")
        await settle { !shell.list.isCutOff && !shell.due.isCutOff && !shell.isAnimating }
        #expect(plannerCalls.value == asked + 1, "the Due pane asked again by itself, once")
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("Lab 1") })
    }

    @Test func aFailureThatIsNotTheNetworksWaitsForItsOwnR() async {
        let down = Shared(true)
        let plannerCalls = Shared(0)
        let shell = shell(failing: ServerError(), down: down, plannerCalls: plannerCalls)
        shell.start()
        await settle { plannerCalls.value == 1 && !shell.isAnimating }
        #expect(!shell.due.isCutOff, "a server error is not the network")
        down.value = false
        _ = shell.handle(.character("r"))
        await settle { !shell.isAnimating }
        for _ in 0..<200 { await Task.yield() }
        #expect(plannerCalls.value == 1, "the Due pane's 500 is shown until its own r")
    }
}
