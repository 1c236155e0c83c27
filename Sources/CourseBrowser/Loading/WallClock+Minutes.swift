import CourseKit
import FoundationEssentials

extension WallClock {
    /// How often a pane that shows times against now ("due in 45 min") looks whether the minute turned.
    static let minuteCheck = Duration.seconds(10)

    /// Whole minutes since the reference date: when this moves on, so may the times shown.
    static func minute(of date: Date) -> Int {
        Int((date.timeIntervalSinceReferenceDate / 60).rounded(.down))
    }

    /// Calls `onTurn` with `owner` on the main actor whenever this clock's minute is no longer
    /// the one `shownMinute` says the owner drew its times in, until the returned task is
    /// cancelled or the owner is gone.
    @MainActor
    func minuteTurns<Owner: AnyObject & Sendable>(
        by owner: Owner, shownMinute: @escaping @MainActor (Owner) -> Int, _ onTurn: @escaping @MainActor (Owner) -> Void
    ) -> Task<Void, Never> {
        repeating(every: Self.minuteCheck, by: owner) { [self] owner in
            if Self.minute(of: now()) != shownMinute(owner) { onTurn(owner) }
        }
    }
}
