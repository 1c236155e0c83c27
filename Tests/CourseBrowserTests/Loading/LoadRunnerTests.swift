import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TestSupport

@MainActor
struct LoadRunnerTests {
    let load = LoadHarness<Int>()

    @Test func startsIdle() {
        guard case .idle = load.state.phase else {
            Issue.record("expected idle, got \(load.state.phase)")
            return
        }
    }

    @Test func goesThroughLoadingToLoaded() async {
        let gate = Gate()
        load.load { _ in
            await gate.wait()
            return 42
        }
        guard case let .loading(since) = load.state.phase else {
            Issue.record("expected loading, got \(load.state.phase)")
            return
        }
        #expect(since == Fixtures.start)
        gate.open()
        await settle { load.state.value != nil }
        #expect(load.state.value == 42)
    }

    @Test func failureKeepsAUserMessageAndTheError() async {
        load.load { _ in throw CourseNotFound(id: CourseID(7)) }
        await settle { load.state.failure != nil }
        #expect(load.state.failureMessage == "No course with ID 7")
        #expect(load.state.failure?.error is CourseNotFound)
    }

    @Test func againRunsTheFailedOperationAgain() async {
        let attempts = Recorder<Int>()
        load.load { _ in
            attempts.append(1)
            if attempts.values.count < 2 { throw CourseNotFound(id: CourseID(1)) }
            return 5
        }
        await settle { load.state.failure != nil }
        load.again()
        #expect(load.state.isLoading)
        await settle { load.state.value != nil }
        #expect(load.state.value == 5)
        #expect(attempts.values.count == 2)
    }

    @Test func aNewerLoadWinsOverASlowerOlderOne() async {
        let slow = Gate()
        load.load { _ in
            await slow.wait()
            return 1
        }
        load.load { _ in 2 }
        await settle { load.state.value != nil }
        slow.open()
        for _ in 0..<100 { await Task.yield() }
        #expect(load.state.value == 2)
    }

    @Test func everyTransitionIsAnEvent() async {
        load.load { _ in throw CourseNotFound(id: CourseID(1)) }
        await settle { load.state.failure != nil }
        load.again()
        await settle { load.state.failure != nil }
        #expect(load.events == 4, "started, failed, started, failed")
    }

    @Test func notesFromTheLoadInFlightAreShownAndClearedWhenItEnds() async {
        let gate = Gate()
        let retryAt = Fixtures.start.addingTimeInterval(5)
        load.load { progress in
            progress.report(LoadProgress.Note(reason: "rate limited", retryAt: retryAt))
            await gate.wait()
            return 1
        }
        await settle { load.state.note != nil }
        #expect(load.state.note == LoadProgress.Note(reason: "rate limited", retryAt: retryAt))
        gate.open()
        await settle { load.state.value != nil }
        #expect(load.state.note == nil)
    }

    @Test func aNoteFromASupersededLoadIsNotShown() async {
        let gate = Gate()
        let stale = Recorder<LoadProgress>()
        load.load { progress in
            stale.append(progress)
            await gate.wait()
            return 1
        }
        await settle { !stale.values.isEmpty }
        let second = Gate()
        load.load { _ in
            await second.wait()
            return 2
        }
        stale.values.first?.report(LoadProgress.Note(reason: "old", retryAt: Fixtures.start))
        for _ in 0..<100 { await Task.yield() }
        #expect(load.state.note == nil)
        gate.open()
        second.open()
        await settle { load.state.value == 2 }
    }

    @Test func aNoteThatArrivesAfterTheAnswerIsDropped() async {
        let late = Recorder<LoadProgress>()
        load.load { progress in
            late.append(progress)
            return 1
        }
        await settle { load.state.value == 1 }
        late.values.first?.report(LoadProgress.Note(reason: "late", retryAt: Fixtures.start))
        for _ in 0..<100 { await Task.yield() }
        #expect(load.state.note == nil)
    }

    @Test func changesInPlaceOnlyOnceLoaded() async {
        var state = LoadState<Int>()
        state.modify { $0 += 1 }
        #expect(state.value == nil)
        state.apply(.finished(.success(1)))
        state.modify { $0 += 1 }
        #expect(state.value == 2)
    }
}

@MainActor
struct LoadRunnerRefreshTests {
    @Test func refreshKeepsTheValueOnScreenUntilTheNewOneArrives() async {
        let load = LoadHarness<Int>()
        let calls = Recorder<Int>()
        let gate = Gate()
        load.load { _ in
            calls.append(1)
            if calls.values.count == 2 { await gate.wait() }
            return calls.values.count
        }
        await settle { load.state.value == 1 }
        load.refresh()
        load.refresh()
        #expect(load.state.value == 1, "no spinner while refreshing")
        #expect(!load.state.isLoading)
        gate.open()
        await settle { load.state.value == 2 }
        #expect(calls.values.count == 2, "a second refresh while one is on its way is not sent")
    }

    @Test func refreshAfterAFailureLoadsAgain() async {
        let load = LoadHarness<Int>()
        let calls = Recorder<Int>()
        load.load { _ in
            calls.append(1)
            if calls.values.count == 1 { throw CourseNotFound(id: CourseID(1)) }
            return 7
        }
        await settle { load.state.failure != nil }
        load.refresh()
        #expect(load.state.isLoading, "nothing to keep on screen, so the spinner shows")
        await settle { load.state.value != nil }
        #expect(load.state.value == 7)
    }

    @Test func aRefreshIsBackgroundWorkAndALoadOrARetryIsNot() async {
        let load = LoadHarness<Int>()
        let urgencies = Recorder<RequestUrgency>()
        load.load { progress in
            urgencies.append(progress.urgency)
            return urgencies.values.count
        }
        await settle { load.state.value == 1 }
        load.refresh()
        await settle { load.state.value == 2 }
        load.again()
        await settle { load.state.value == 3 }
        #expect(urgencies.values == [.interactive, .background, .interactive])
    }

    @Test func refreshBeforeAnyLoadDoesNothing() {
        let load = LoadHarness<Int>()
        load.refresh()
        #expect(load.events == 0)
    }
}
