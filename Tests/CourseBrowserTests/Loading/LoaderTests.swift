import CourseKit
import Foundation
import Testing
@testable import CourseBrowser

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
        loader.load {
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
        loader.load { throw CourseNotFound(id: CourseID(7)) }
        await settle { loader.state.failureMessage != nil }
        #expect(loader.state.failureMessage == "No course with ID 7")
        #expect(reported == ["No course with ID 7"])
    }

    @Test func retryRunsTheFailedOperationAgain() async {
        let attempts = Recorder<Int>()
        loader.load {
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
        loader.load { 1 }
        #expect(!loader.retry())
        await settle { loader.state.value != nil }
        #expect(!loader.retry())
    }

    @Test func aNewerLoadWinsOverASlowerOlderOne() async {
        let slow = Gate()
        loader.load {
            await slow.wait()
            return 1
        }
        loader.load { 2 }
        await settle { loader.state.value != nil }
        slow.open()
        for _ in 0..<100 { await Task.yield() }
        #expect(loader.state.value == 2)
    }

    @Test func everyTransitionIsAnnounced() async {
        var changes = 0
        loader.onChange = { changes += 1 }
        loader.load { throw CourseNotFound(id: CourseID(1)) }
        await settle { loader.state.failureMessage != nil }
        loader.retry()
        await settle { loader.state.failureMessage != nil }
        #expect(changes == 4)
    }

    @Test func resetForgetsTheValue() async {
        loader.load { 3 }
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
        loader.load {
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
        loader.load {
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
