import CourseKit
import FoundationEssentials

extension WallClock {
    /// Whole minutes since the reference date: when this moves on, so may the times shown.
    static func minute(of date: Date) -> Int {
        Int((date.timeIntervalSinceReferenceDate / 60).rounded(.down))
    }

    /// When the minute after `date`'s begins.
    static func minuteTurn(after date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(minute(of: date) + 1) * 60)
    }

    /// Calls `onTurn` with `owner` on the main actor whenever this clock's minute is no longer
    /// the one `shownMinute` says the owner drew its times in, until the returned task is
    /// cancelled or the owner is gone.
    ///
    /// It waits for each turn of the minute and nothing between: times shown to the minute
    /// ("due in 45 min") can't change sooner, so the process sleeps a minute at a time.
    @MainActor
    func minuteTurns<Owner: AnyObject & Sendable>(
        by owner: Owner, shownMinute: @escaping @MainActor (Owner) -> Int, _ onTurn: @escaping @MainActor (Owner) -> Void
    ) -> Task<Void, Never> {
        Task { [weak owner, self] in
            while !Task.isCancelled {
                do {
                    try await wait(Self.minuteTurn(after: now()))
                } catch {
                    return
                }
                guard let owner else { return }
                if Self.minute(of: now()) != shownMinute(owner) { onTurn(owner) }
            }
        }
    }
}
