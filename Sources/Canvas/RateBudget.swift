import CourseKit
import FoundationEssentials
import Synchronization

/// Canvas's leaky bucket for one token as this process sees it, and the gate every Canvas
/// request passes: interactive requests always go out, background ones wait while the budget
/// is below a reserve, so a key the user presses never meets a 403.
///
/// Canvas charges an up-front cost for each request while it runs and refunds it at the end,
/// so requests in flight cost more than their answers say: the estimate counts them. One per
/// process, made at the root and passed to every Canvas connection; another process (a `sync`)
/// shares Canvas's bucket but not this value, which is enough while background work keeps the reserve.
package final class RateBudget: Sendable {
    /// Canvas's bucket and how much of it background work leaves to the user.
    package struct Policy: Sendable, Equatable {
        /// What `X-Rate-Limit-Remaining` reads with an empty bucket: Canvas's high-water mark (600 by default).
        package var size: Double = 600
        /// How much leaks out each second (Canvas's `request_throttle.outflow`, 10 by default).
        package var outflow: Double = 10
        /// What Canvas charges each request while it runs (50 by default).
        package var upFront: Double = 50
        /// Background requests go out only while at least this much would be left.
        package var reserve: Double = 200
        /// Background requests in flight at once while the budget is comfortable.
        package var backgroundLimit = 4
        /// Below this, background requests go out one at a time.
        package var lowBudget: Double = 400
        /// The longest a waiting background request sleeps before it looks again.
        package var longestNap: Duration = .seconds(1)
        /// The shortest, while it waits only for a request in flight to end.
        package var shortestNap: Duration = .milliseconds(50)

        package init() {}
    }

    private struct State {
        var reading: RateReading?
        var inFlight = 0
    }

    package let policy: Policy
    private let clock: WallClock
    /// Every request of this process counts as background (`sync`, which no one watches key by key).
    private let allBackground: Bool
    private let state: Mutex<State>
    private let onReading: @Sendable (RateReading) -> Void

    /// A budget starting from `saved` (an earlier run's last reading, which leaks back with
    /// time like any other); `onReading` hears each new reading, to keep it for `status`.
    package init(
        policy: Policy = Policy(), clock: WallClock, allBackground: Bool = false, saved: RateReading? = nil,
        onReading: @escaping @Sendable (RateReading) -> Void = { _ in }
    ) {
        self.policy = policy
        self.clock = clock
        self.allBackground = allBackground
        self.state = Mutex(State(reading: saved))
        self.onReading = onReading
    }

    /// Waits until a request of `urgency` may go out, and counts it as in flight.
    package func admit(_ urgency: RequestUrgency) async throws {
        let effective = allBackground ? RequestUrgency.background : urgency
        while true {
            let nap: Duration? = state.withLock { state in
                if effective == .interactive {
                    state.inFlight += 1
                    return nil
                }
                let left = estimate(state, now: clock.now())
                let limit = left < policy.lowBudget ? 1 : policy.backgroundLimit
                if left >= policy.reserve, state.inFlight < limit {
                    state.inFlight += 1
                    return nil
                }
                guard left < policy.reserve, policy.outflow > 0 else { return policy.shortestNap }
                let refill = Duration.seconds((policy.reserve - left) / policy.outflow)
                return min(max(refill, policy.shortestNap), policy.longestNap)
            }
            guard let nap else { return }
            try await clock.sleep(nap)
        }
    }

    /// An admitted request is over; `reading`, when its answer had one, replaces the last.
    package func finished(_ reading: RateReading?) {
        state.withLock { state in
            state.inFlight = max(0, state.inFlight - 1)
            if let reading { state.reading = reading }
        }
        if let reading { onReading(reading) }
    }

    /// The last reading, from an answer or an earlier run.
    package var lastReading: RateReading? {
        state.withLock { $0.reading }
    }

    /// Requests admitted and not yet finished.
    package var inFlight: Int {
        state.withLock { $0.inFlight }
    }

    /// What is left now by the last reading, leaked back since, less the up-front cost of the requests in flight.
    private func estimate(_ state: State, now: Date) -> Double {
        var left = policy.size
        if let reading = state.reading {
            let leaked = max(0, now.timeIntervalSince(reading.at)) * policy.outflow
            left = min(policy.size, reading.remaining + leaked)
        }
        return left - Double(state.inFlight) * policy.upFront
    }
}
