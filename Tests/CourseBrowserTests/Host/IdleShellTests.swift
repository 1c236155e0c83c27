import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// While nothing moves, nothing wakes the program: no pane polls, no frame is asked for, and
/// the only waits are for the minute to turn, which the times shown move with.
@MainActor
struct IdleShellTests {
    let clock = ManualClock(Fixtures.start.addingTimeInterval(20))
    let now = Fixtures.start.addingTimeInterval(20)

    func job(_ id: String, _ state: UploadJob.State) -> UploadJob {
        UploadJob(id: id, courseID: CourseID(101), fileName: "\(id).pdf", sourcePath: "/home/an/\(id).pdf", size: 10,
                  backend: "offline", queuedAt: Fixtures.start, state: state)
    }

    /// A started shell on the test's clock, laid out on 120 × 30, once its panes have loaded;
    /// `reads` counts the queue's reads.
    func shell(jobs: [UploadJob] = [], reads: Recorder<Int> = Recorder()) async -> AppShell {
        var environment = Fixtures.environment()
        environment.clock = clock.client
        environment.settings.save = { _ in }
        environment.uploadQueue.jobs = {
            reads.append(1)
            return jobs
        }
        environment.uploadQueue.changesOnDisk = { AsyncStream { _ in } }
        let shell = AppShell(environment: environment.planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        // The queue's pane animates while a job waits; the others settle once they loaded.
        await settle { shell.uploads.state.queue.value != nil && !shell.list.isAnimating && !shell.detail.isAnimating && !shell.due.isAnimating }
        shell.resize(width: 120, height: 30, glyphs: .unicode)
        return shell
    }

    /// A frame's delay in milliseconds: the clock's dates are doubles, so a delay may be a millisecond over.
    func milliseconds(_ delay: Duration?) -> Double? {
        delay.map { Double($0.components.seconds) * 1_000 + Double($0.components.attoseconds) / 1e15 }
    }

    @Test func anIdleShellSleepsOnNothingAndWaitsOnlyForTheMinuteToTurn() async {
        let reads = Recorder<Int>()
        let shell = await shell(jobs: [job("essay", .done)], reads: reads)
        // The Course pane asks the queue once for its downloads, as its files arrive.
        for _ in 0..<500 { await Task.yield() }
        let (sleeps, readsAtStart) = (clock.sleeps, reads.values.count)
        for _ in 0..<500 { await Task.yield() }
        #expect(clock.sleeps == sleeps, "nothing sleeps in a loop: no pane polls")
        #expect(reads.values.count == readsAtStart, "the queue is not read again until it changes")
        #expect(shell.nextFrame == nil, "no frame is asked for")
        let minute = WallClock.minuteTurn(after: now)
        #expect(minute == Fixtures.start.addingTimeInterval(60))
        #expect(!clock.waits.isEmpty && clock.waits.allSatisfy { $0 >= minute }, "\(clock.waits)")
    }

    @Test func whenTheMinuteTurnsThePanesRegroupAndWaitForTheNextOne() async {
        let shell = await shell()
        let turn = WallClock.minuteTurn(after: now)
        clock.advance(by: turn.timeIntervalSince(now))
        let minute = WallClock.minute(of: turn)
        await settle { shell.due.state.groupedMinute == minute && shell.detail.state.laidOutMinute == minute }
        await settle { clock.waits.contains(turn.addingTimeInterval(60)) }
        #expect(clock.waits.allSatisfy { $0 >= turn.addingTimeInterval(60) }, "\(clock.waits)")
    }

    @Test func aCountdownOnScreenAsksForAFrameWhenItsSecondChanges() async {
        let shell = await shell(jobs: [job("lab", .waiting(until: Fixtures.start.addingTimeInterval(20 + 12.4), reason: "Can't reach school.edu"))])
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("retry in 13s") })
        #expect(milliseconds(shell.nextFrame).map { abs($0 - 400) <= 1 } == true, "\(String(describing: shell.nextFrame))")
        clock.advance(by: 0.4)
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("retry in 12s") })
        #expect(milliseconds(shell.nextFrame).map { abs($0 - 1_000) <= 1 } == true, "\(String(describing: shell.nextFrame))")
    }

    @Test func aSpinnerAsksForItsNextFrame() async throws {
        let gate = Gate()
        var environment = Fixtures.environment()
        environment.clock = clock.client
        environment.settings.save = { _ in }
        let served = environment.courseClient
        environment.courseClient.coursesPage = { scope, cursor, progress in
            await gate.wait()
            return try await served.coursesPage(scope, cursor, progress)
        }
        let shell = AppShell(environment: environment.planning([]))
        shell.start()
        shell.resize(width: 120, height: 30, glyphs: .unicode)
        await settle { shell.list.isAnimating }
        let frame = try #require(shell.nextFrame)
        // The clock's dates are doubles: a tenth of a second may come out a millisecond over.
        #expect(frame > .zero && frame <= .milliseconds(101), "\(frame)")
        gate.open()
        await settle { !shell.isAnimating }
        #expect(shell.nextFrame == nil)
    }
}
