import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct LoaderTests {
    let loader = Loader<Int>(clock: Fixtures.clock)

    @Test func startsIdle() {
        guard case .idle = loader.state else {
            Issue.record("expected idle, got \(loader.state)")
            return
        }
    }

    @Test func goesThroughLoadingToLoaded() async {
        let gate = Gate()
        loader.load { _ in
            await gate.wait()
            return 42
        }
        guard case let .loading(since) = loader.state else {
            Issue.record("expected loading, got \(loader.state)")
            return
        }
        #expect(since == Fixtures.start)
        gate.open()
        await settle { loader.state.value != nil }
        #expect(loader.state.value == 42)
    }

    @Test func failureKeepsAUserMessageAndReportsIt() async {
        var reported: [String] = []
        loader.onFailure = { reported.append($0) }
        loader.load { _ in throw CourseNotFound(id: CourseID(7)) }
        await settle { loader.state.failureMessage != nil }
        #expect(loader.state.failureMessage == "No course with ID 7")
        #expect(reported == ["No course with ID 7"])
    }

    @Test func retryRunsTheFailedOperationAgain() async {
        let attempts = Recorder<Int>()
        loader.load { _ in
            attempts.append(1)
            if attempts.values.count < 2 { throw CourseNotFound(id: CourseID(1)) }
            return 5
        }
        await settle { loader.state.failureMessage != nil }
        #expect(loader.retry())
        #expect(loader.state.isLoading)
        await settle { loader.state.value != nil }
        #expect(loader.state.value == 5)
        #expect(attempts.values.count == 2)
    }

    @Test func retryDoesNothingUnlessFailed() async {
        loader.load { _ in 1 }
        #expect(!loader.retry())
        await settle { loader.state.value != nil }
        #expect(!loader.retry())
    }

    @Test func aNewerLoadWinsOverASlowerOlderOne() async {
        let slow = Gate()
        loader.load { _ in
            await slow.wait()
            return 1
        }
        loader.load { _ in 2 }
        await settle { loader.state.value != nil }
        slow.open()
        for _ in 0..<100 { await Task.yield() }
        #expect(loader.state.value == 2)
    }

    @Test func everyTransitionIsAnnounced() async {
        var changes = 0
        loader.onChange = { changes += 1 }
        loader.load { _ in throw CourseNotFound(id: CourseID(1)) }
        await settle { loader.state.failureMessage != nil }
        loader.retry()
        await settle { loader.state.failureMessage != nil }
        #expect(changes == 4)
    }

    @Test func notesFromTheLoadInFlightAreShownAndClearedWhenItEnds() async {
        let gate = Gate()
        let retryAt = Fixtures.start.addingTimeInterval(5)
        loader.load { progress in
            progress.report(LoadProgress.Note(reason: "rate limited", retryAt: retryAt))
            await gate.wait()
            return 1
        }
        await settle { loader.note != nil }
        #expect(loader.note == LoadProgress.Note(reason: "rate limited", retryAt: retryAt))
        gate.open()
        await settle { loader.state.value != nil }
        #expect(loader.note == nil)
    }

    @Test func aNoteFromASupersededLoadIsNotShown() async {
        let gate = Gate()
        let stale = Recorder<LoadProgress>()
        loader.load { progress in
            stale.append(progress)
            await gate.wait()
            return 1
        }
        await settle { !stale.values.isEmpty }
        let second = Gate()
        loader.load { _ in
            await second.wait()
            return 2
        }
        stale.values.first?.report(LoadProgress.Note(reason: "old", retryAt: Fixtures.start))
        for _ in 0..<100 { await Task.yield() }
        #expect(loader.note == nil)
        gate.open()
        second.open()
        await settle { loader.state.value == 2 }
    }

    @Test func resetForgetsTheValue() async {
        loader.load { _ in 3 }
        await settle { loader.state.value != nil }
        loader.reset()
        #expect(loader.state.value == nil)
        #expect(!loader.retry())
    }
}

@MainActor
struct LoaderRefreshTests {
    @Test func refreshKeepsTheValueOnScreenUntilTheNewOneArrives() async {
        let loader = Loader<Int>(clock: Fixtures.clock)
        let calls = Recorder<Int>()
        let gate = Gate()
        loader.load { _ in
            calls.append(1)
            if calls.values.count == 2 { await gate.wait() }
            return calls.values.count
        }
        await settle { loader.state.value == 1 }
        loader.refresh()
        loader.refresh()
        #expect(loader.state.value == 1, "no spinner while refreshing")
        gate.open()
        await settle { loader.state.value == 2 }
        #expect(calls.values.count == 2, "a second refresh while one is on its way is not sent")
    }

    @Test func refreshAfterAFailureLoadsAgain() async {
        let loader = Loader<Int>(clock: Fixtures.clock)
        let calls = Recorder<Int>()
        loader.load { _ in
            calls.append(1)
            if calls.values.count == 1 { throw CourseNotFound(id: CourseID(1)) }
            return 7
        }
        await settle { loader.state.failureMessage != nil }
        loader.refresh()
        await settle { loader.state.value != nil }
        #expect(loader.state.value == 7)
    }
}
