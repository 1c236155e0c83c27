import FoundationEssentials

/// The time of day and the passing of time, injectable so tests never really wait.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (_ duration: Duration) async throws -> Void

    public init(
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (_ duration: Duration) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }
}

extension WallClock {
    public static let live = WallClock(
        now: { Date() },
        sleep: { try await Task.sleep(for: $0) }
    )

    /// A clock frozen at `date` whose sleeps only let other tasks run.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock(now: { date }, sleep: { _ in
            await Task.yield()
            try Task.checkCancellation()
        })
    }
}

extension WallClock: Unimplementable {
    /// Reads as the Unix epoch, after reporting the call. A sleep reports once and then waits
    /// to be cancelled: thrown at once, it would spin a `while` loop that ignores the error.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> WallClock {
        WallClock(
            now: {
                report("WallClock.now")
                return Date(timeIntervalSince1970: 0)
            },
            sleep: { _ in
                report("WallClock.sleep")
                while true {
                    try await Task.sleep(for: .seconds(3_600))
                }
            }
        )
    }
}
