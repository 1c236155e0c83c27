import Foundation
import Synchronization
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// With nothing pressed and nothing else asking the backend, panes cut off from it try again
/// by themselves: after 5 s, then 10, 20, 40 and every 60 s until one is answered.
@MainActor
struct AppShellReconnectTests {
    /// A clock the test moves, whose every sleep waits for the test to end it.
    final class HeldClock: Sendable {
        let manual = ManualClock(Fixtures.start)
        let sleeps = Recorder<Duration>()
        private let held = Mutex<[Gate]>([])

        var client: WallClock {
            WallClock(now: { self.manual.now() }, sleep: { duration in
                let gate = Gate()
                self.held.withLock { $0.append(gate) }
                self.sleeps.append(duration)
                await gate.wait()
                try Task.checkCancellation()
            })
        }

        /// Moves the clock on by `seconds` and ends every sleep begun so far.
        func pass(_ seconds: Double) {
            manual.advance(by: seconds)
            let gates = held.withLock { gates in
                defer { gates = [] }
                return gates
            }
            gates.forEach { $0.open() }
        }

        /// The reconnect waits asked so far, in seconds: every sleep of 5 s or more.
        var waits: [Int64] {
            sleeps.values.map(\.components.seconds).filter { $0 >= 5 }
        }
    }

    /// A started shell whose course list and planner can't reach the backend while `down`
    /// holds, on a clock the test moves, once both panes are cut off and the planner was asked once.
    struct Started {
        let shell: AppShell
        let down: Shared<Bool>
        let plannerCalls: Shared<Int>
        let clock: HeldClock
    }

    func started() async -> Started {
        let (down, plannerCalls, clock) = (Shared(true), Shared(0), HeldClock())
        var environment = Fixtures.environment()
        environment.clock = clock.client
        let served = environment.courseClient
        environment.courseClient.coursesPage = { scope, cursor, progress in
            if down.value { throw AppShellRecoveryTests.Unreachable() }
            return try await served.coursesPage(scope, cursor, progress)
        }
        environment.planner = PlannerClient { _, _, _ in
            plannerCalls.modify { $0 += 1 }
            if down.value { throw AppShellRecoveryTests.Unreachable() }
            return [PlannerFixtures.assignment(1, "Lab 1", in: PlannerFixtures.hour)]
        }
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { shell.list.isCutOff && shell.due.isCutOff && plannerCalls.value == 1 }
        return Started(shell: shell, down: down, plannerCalls: plannerCalls, clock: clock)
    }

    /// Lets the shell's tasks run a while, long enough for a retry that was due to happen.
    func idle() async {
        for _ in 0..<300 { await Task.yield() }
    }

    @Test func theNetworkComingBackShowsWithoutAKey() async {
        let started = await started()
        let (shell, plannerCalls, clock) = (started.shell, started.plannerCalls, started.clock)
        started.down.value = false
        clock.pass(4.9)
        await idle()
        #expect(plannerCalls.value == 1, "not before 5 s")
        clock.pass(0.1)
        await settle { !shell.list.isCutOff && !shell.due.isCutOff && !shell.isAnimating }
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("Lab 1") }, "no key was pressed")
        #expect(plannerCalls.value == 2)
    }

    @Test func whileTheBackendStaysAwayItTriesLessOftenUpToAMinute() async {
        let started = await started()
        let (shell, plannerCalls, clock) = (started.shell, started.plannerCalls, started.clock)
        for (tries, wait) in [5.0, 10, 20, 40, 60, 60].enumerated() {
            clock.pass(wait - 0.5)
            await idle()
            #expect(plannerCalls.value == tries + 1, "not before \(wait) s")
            clock.pass(0.5)
            await settle { plannerCalls.value == tries + 2 && shell.due.isCutOff && !shell.isAnimating }
        }
        #expect(shell.list.isCutOff && shell.due.isCutOff)
    }

    @Test func aFrozenClockNeverTriesAgain() async {
        let plannerCalls = Shared(0)
        var environment = Fixtures.environment()
        // The course list fails too: an answer to it would make the Due pane try again by itself.
        environment.courseClient.coursesPage = { _, _, _ in throw AppShellRecoveryTests.Unreachable() }
        environment.planner = PlannerClient { _, _, _ in
            plannerCalls.modify { $0 += 1 }
            throw AppShellRecoveryTests.Unreachable()
        }
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { shell.list.isCutOff && shell.due.isCutOff && plannerCalls.value == 1 }
        await idle()
        #expect(plannerCalls.value == 1, "the frozen clock's sleeps end at once, with no time passed")
    }
}
