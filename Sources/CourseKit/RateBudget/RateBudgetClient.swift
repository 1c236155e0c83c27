import FoundationEssentials

/// Canvas's per-token rate budget, shared by every request of one process: a gate each request
/// passes before it goes out, and the last reading, for the help overlay's footer.
public struct RateBudgetClient: Sendable {
    /// Waits until a request of `urgency` may go out; interactive ones never wait. Each admitted
    /// request is followed by one `finished`.
    public var admit: @Sendable (_ urgency: RequestUrgency) async throws -> Void
    /// An admitted request is over; `reading` is what its answer said of the budget, if anything.
    public var finished: @Sendable (_ urgency: RequestUrgency, _ reading: RateReading?) -> Void
    /// The last reading any answer gave, or the one saved by an earlier run; nil when none.
    public var lastReading: @Sendable () -> RateReading?

    public init(
        admit: @escaping @Sendable (_ urgency: RequestUrgency) async throws -> Void,
        finished: @escaping @Sendable (_ urgency: RequestUrgency, _ reading: RateReading?) -> Void,
        lastReading: @escaping @Sendable () -> RateReading?
    ) {
        self.admit = admit
        self.finished = finished
        self.lastReading = lastReading
    }
}

extension RateBudgetClient {
    /// Admits everything at once and remembers nothing: backends without a rate budget.
    public static let noOp = RateBudgetClient(admit: { _ in }, finished: { _, _ in }, lastReading: { nil })
}

extension RateBudgetClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> RateBudgetClient {
        RateBudgetClient(
            admit: { _ in report("RateBudgetClient.admit") },
            finished: { _, _ in report("RateBudgetClient.finished") },
            lastReading: {
                report("RateBudgetClient.lastReading")
                return nil
            }
        )
    }
}
