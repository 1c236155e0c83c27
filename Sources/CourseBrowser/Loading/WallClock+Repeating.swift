import CourseKit
import FoundationEssentials

extension WallClock {
    /// Calls `action` with `owner` on the main actor each time `interval` has passed on this
    /// clock, until the returned task is cancelled or `owner` is gone; the owner is never kept
    /// alive by it.
    ///
    /// Counted by `now`, not by the sleeps: a sleep may end early (a test's clock only yields)
    /// or late (a suspended laptop), and the action still comes once the time has passed.
    @MainActor
    func repeating<Owner: AnyObject & Sendable>(
        every interval: Duration, by owner: Owner, _ action: @escaping @MainActor (Owner) -> Void
    ) -> Task<Void, Never> {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return Task { [weak owner, self] in
            var next = now().addingTimeInterval(seconds)
            while !Task.isCancelled {
                try? await sleep(.milliseconds(Int64(max(50, next.timeIntervalSince(now()) * 1_000))))
                guard let owner else { return }
                let current = now()
                if current >= next {
                    next = current.addingTimeInterval(seconds)
                    action(owner)
                }
            }
        }
    }
}
