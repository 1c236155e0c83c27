import CourseKit
import FoundationEssentials

extension WallClock {
    /// Calls `action` with `owner` on the main actor each time `interval` has passed on this
    /// clock, until the returned task is cancelled or `owner` is gone; the owner is never kept
    /// alive by it.
    ///
    /// Counted by `now`, not by the sleeps: it waits for the time on the clock (`wait`), so a
    /// suspended laptop still gets its action once the time has passed, and a clock a test holds
    /// still makes it wait rather than spin.
    @MainActor
    func repeating<Owner: AnyObject & Sendable>(
        every interval: Duration, by owner: Owner, _ action: @escaping @MainActor (Owner) -> Void
    ) -> Task<Void, Never> {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return Task { [weak owner, self] in
            var next = now().addingTimeInterval(seconds)
            while !Task.isCancelled {
                do {
                    try await wait(next)
                } catch {
                    return
                }
                guard let owner else { return }
                next = now().addingTimeInterval(seconds)
                action(owner)
            }
        }
    }
}
