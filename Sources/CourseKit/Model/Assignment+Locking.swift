import FoundationEssentials

extension Assignment {
    /// How long before `lock_at` a hand-in started now may still not reach Canvas.
    ///
    /// Canvas checks the lock when the submission is made, after every file is uploaded; a
    /// queued hand-in waits for the jobs ahead of it, takes three requests a file, and after a
    /// failure waits 1 s, 2 s, 4 s… up to 5 minutes before trying again. Fifteen minutes lets
    /// a couple of those waits and a slow upload pass; closer than that, the warning is worth more
    /// than the noise.
    public static let handInMargin: TimeInterval = 15 * 60

    /// Why a hand-in queued now may reach Canvas only after the assignment locked.
    public enum LockRisk: Equatable, Sendable {
        /// Its `lock_at` has passed though what was read still had it open: a saved copy from
        /// before it locked, or a clock that is off.
        case lockedAlready(Date)
        /// It locks at this time, and the assignments could not be read from the backend now:
        /// the hand-in waits for the network, which may come back too late.
        case locksBeforeReachable(Date)
        /// It locks within `handInMargin`: the upload may not finish in time.
        case locksSoon(Date)

        /// When it locks or locked.
        public var lockAt: Date {
            switch self {
            case let .lockedAlready(date), let .locksBeforeReachable(date), let .locksSoon(date): date
            }
        }
    }

    /// What may keep a hand-in started at `now` from arriving before the lock; nil when nothing
    /// does, or when the assignment is locked already (then it can't be handed in at all).
    /// `isFresh` says whether the assignment was read from the backend just now.
    public func lockRisk(at now: Date, isFresh: Bool) -> LockRisk? {
        guard !isLocked, let lockAt else { return nil }
        if lockAt <= now { return .lockedAlready(lockAt) }
        if !isFresh { return .locksBeforeReachable(lockAt) }
        return lockAt.timeIntervalSince(now) < Self.handInMargin ? .locksSoon(lockAt) : nil
    }
}
