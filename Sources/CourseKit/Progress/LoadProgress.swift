import FoundationEssentials

/// Where news from deep inside one load goes, such as a throttling wait the pane should show.
///
/// A pane's loader makes one for each load and passes it down explicitly with the request;
/// the backend calls `report` from wherever it is. It is a value, not a task-local, because
/// escaping handlers do not inherit task-locals (and Swift 6.3 miscompiles a task-local
/// holding an optional closure in release builds).
public struct LoadProgress: Sendable {
    /// What a load is waiting for.
    public struct Note: Equatable, Sendable {
        /// Why it waits, for example "rate limited".
        public var reason: String
        /// When it tries again.
        public var retryAt: Date

        public init(reason: String, retryAt: Date) {
            self.reason = reason
            self.retryAt = retryAt
        }
    }

    /// Tells the pane waiting on this load about `note`; `nil` clears it.
    public var report: @Sendable (_ note: Note?) -> Void
    /// Whether someone waits on this load (a key pressed) or it is background work, such as a
    /// refresh, whose requests wait while Canvas's rate budget is low.
    public var urgency: RequestUrgency

    public init(urgency: RequestUrgency = .interactive, report: @escaping @Sendable (_ note: Note?) -> Void) {
        self.report = report
        self.urgency = urgency
    }

    /// Progress nobody is waiting to hear, for background work such as uploads.
    public static let ignored = LoadProgress { _ in }
}
