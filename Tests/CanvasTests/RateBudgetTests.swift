import Foundation
import Synchronization
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport

/// The gate in front of every Canvas request: interactive requests never wait, background ones
/// keep the reserve and a cap on requests in flight, and wait for the bucket to leak back.
struct RateBudgetTests {
    /// A clock whose sleeps move it on by what they ask, and count how long was slept.
    final class NappingClock: Sendable {
        private let state = Mutex<(now: Date, slept: TimeInterval, naps: Int)>((Date(timeIntervalSince1970: 1_800_000_000), 0, 0))

        var now: Date { state.withLock { $0.now } }
        var slept: TimeInterval { state.withLock { $0.slept } }
        var naps: Int { state.withLock { $0.naps } }

        var client: WallClock {
            WallClock(now: { self.now }, sleep: { duration in
                self.state.withLock { state in
                    state.now += duration.seconds
                    state.slept += duration.seconds
                    state.naps += 1
                }
                await Task.yield()
                try Task.checkCancellation()
            })
        }
    }

    let clock = NappingClock()

    private func reading(_ remaining: Double, at date: Date? = nil) -> RateReading {
        RateReading(remaining: remaining, cost: 1, at: date ?? clock.now, host: "school.example")
    }

    /// A background request waiting at `budget`'s gate, after other tasks had time to let it through;
    /// `admitted` says whether it got through.
    private func waitingAdmission(_ budget: RateBudget) async -> (task: Task<Void, any Error>, admitted: @Sendable () -> Bool) {
        let admitted = Mutex(false)
        let task = Task {
            try await budget.admit(.background)
            admitted.withLock { $0 = true }
        }
        for _ in 0..<200 { await Task.yield() }
        return (task, { admitted.withLock { $0 } })
    }

    private func budget(saved: Double? = nil, allBackground: Bool = false) -> RateBudget {
        RateBudget(clock: clock.client, allBackground: allBackground, saved: saved.map { reading($0) })
    }

    @Test func anInteractiveRequestGoesOutAtOnceWhateverIsLeft() async throws {
        let budget = budget(saved: -20)
        try await budget.admit(.interactive)
        try await budget.admit(.interactive)
        #expect(clock.naps == 0)
        #expect(budget.inFlight == 2)
    }

    @Test func aBackgroundRequestWaitsUntilTheBucketHasLeakedBackToTheReserve() async throws {
        let budget = budget(saved: 50)
        try await budget.admit(.background)
        // 150 short of the reserve of 200, at 10 a second: 15 s.
        #expect(clock.slept >= 15 && clock.slept < 16.5)
        #expect(budget.inFlight == 1)
    }

    @Test func aBackgroundRequestGoesOnWhenAnAnswerReportsMore() async throws {
        let frozen = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let budget = RateBudget(clock: frozen.client, saved: RateReading(remaining: 10, cost: nil, at: frozen.now(), host: "school.example"))
        let waiting = await waitingAdmission(budget)
        #expect(!waiting.admitted())
        try await budget.admit(.interactive)
        budget.finished(RateReading(remaining: 590, cost: 2, at: frozen.now(), host: "school.example"))
        try await waiting.task.value
        #expect(waiting.admitted())
        #expect(budget.lastReading?.remaining == 590)
    }

    @Test func backgroundRequestsInFlightAreCappedAndTheNextGoesWhenOneEnds() async throws {
        let frozen = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let budget = RateBudget(clock: frozen.client)
        for _ in 0..<budget.policy.backgroundLimit {
            try await budget.admit(.background)
        }
        let fifth = await waitingAdmission(budget)
        #expect(!fifth.admitted())
        #expect(budget.inFlight == budget.policy.backgroundLimit)
        budget.finished(nil)
        try await fifth.task.value
        #expect(budget.inFlight == budget.policy.backgroundLimit)
    }

    @Test func aLowBudgetLetsOneBackgroundRequestOutAtATime() async throws {
        let frozen = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let budget = RateBudget(clock: frozen.client, saved: RateReading(remaining: 380, cost: nil, at: frozen.now(), host: "school.example"))
        try await budget.admit(.background)
        let second = await waitingAdmission(budget)
        #expect(!second.admitted())
        budget.finished(RateReading(remaining: 370, cost: 10, at: frozen.now(), host: "school.example"))
        try await second.task.value
        #expect(budget.inFlight == 1)
    }

    @Test func anInteractiveRequestInFlightCountsAgainstBackgroundWork() async throws {
        let budget = budget(saved: 260)
        try await budget.admit(.interactive)
        // 260 less the interactive request's 50 up front is under the reserve of 200.
        try await budget.admit(.background)
        #expect(clock.slept >= 1)
    }

    /// 500 left by the last answer, but three requests running hold 150 of it up front: 350 is a
    /// low budget, where background work goes one at a time, until 5 s have leaked 50 back.
    @Test func theUpFrontCostOfRequestsRunningIsCountedBeforeTheirAnswers() async throws {
        let budget = budget(saved: 500)
        for _ in 0..<3 {
            try await budget.admit(.interactive)
        }
        try await budget.admit(.background)
        #expect(clock.slept > 4.9 && clock.slept < 6.5, "slept \(clock.slept) s")
    }

    @Test func aProcessOfBackgroundWorkWaitsEvenForUnmarkedRequests() async throws {
        let budget = budget(saved: 150, allBackground: true)
        try await budget.admit(.interactive)
        #expect(clock.slept >= 5)
    }

    @Test func aReadingFromLongAgoHasLeakedBackToAFullBucket() async throws {
        let budget = RateBudget(clock: clock.client, saved: reading(0, at: clock.now.addingTimeInterval(-3600)))
        for _ in 0..<budget.policy.backgroundLimit {
            try await budget.admit(.background)
        }
        #expect(clock.naps == 0)
    }

    @Test func requestsWithTheTokenPassTheGateAndLeaveTheirReading() async throws {
        let budget = budget()
        let urgencies = Mutex<[RequestUrgency]>([])
        let client = RateBudgetClient(
            admit: { urgency in
                urgencies.withLock { $0.append(urgency) }
                try await budget.admit(urgency)
            },
            finished: { _, reading in budget.finished(reading) },
            lastReading: { budget.lastReading }
        )
        let http = HTTPClient { _ in HTTPResponse(status: 200, headers: ["X-Rate-Limit-Remaining": " 512.5", "X-Request-Cost": "3.25"]) }
        let gated = http.budgeted(by: client, host: "school.example", clock: clock.client)
        let url = try #require(URL(string: "https://school.example/api/v1/users/self"))
        _ = try await gated.send(HTTPRequest(url: url, headers: ["Authorization": "Bearer s3cret"], isBackground: true))
        _ = try await gated.send(HTTPRequest(url: url))
        #expect(urgencies.withLock { $0 } == [.background])
        #expect(budget.lastReading == RateReading(remaining: 512.5, cost: 3.25, at: clock.now, host: "school.example"))
        #expect(budget.inFlight == 0)
    }

    @Test func aFailedRequestLeavesTheGateAndKeepsTheLastReading() async throws {
        let budget = budget(saved: 400)
        let http = HTTPClient { request in throw NetworkError.unreachable(host: request.url.host ?? "") }
        let gated = http.budgeted(by: .live(budget), host: "school.example", clock: clock.client)
        let url = try #require(URL(string: "https://school.example/api/v1/users/self"))
        await #expect(throws: NetworkError.self) { try await gated.send(HTTPRequest(url: url, headers: ["Authorization": "Bearer s3cret"])) }
        #expect(budget.inFlight == 0)
        #expect(budget.lastReading?.remaining == 400)
    }

    @Test func aReadingSaysWhatIsLeftAndHowOld() {
        let reading = RateReading(remaining: 512.9, cost: nil, at: Date(timeIntervalSince1970: 1000), host: "school.example")
        #expect(reading.summary(now: Date(timeIntervalSince1970: 1012)) == "rate budget 512 left (12 s ago)")
        #expect(reading.summary(now: Date(timeIntervalSince1970: 1000 + 7200)) == "rate budget 512 left (2 h ago)")
    }
}
