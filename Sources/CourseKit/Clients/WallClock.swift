import FoundationEssentials

/// The time of day and the passing of time, injectable so tests never really wait.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (_ duration: Duration) async throws -> Void
    /// Returns once the clock reads `date` or later; throws when cancelled.
    ///
    /// What waits for a time on the clock (the minute turning, the next refresh) waits with this
    /// rather than sleeping in a loop: a clock a test holds still then waits as long as it stands,
    /// instead of spinning through sleeps that end at once.
    public var wait: @Sendable (_ date: Date) async throws -> Void

    /// A clock from `now` and `sleep`; `wait` is `sleep`s until `now` reads the date, and on a clock
    /// that did not move across a sleep (one frozen for a test), a wait until the task is cancelled.
    public init(
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (_ duration: Duration) async throws -> Void,
        wait: (@Sendable (_ date: Date) async throws -> Void)? = nil
    ) {
        self.now = now
        self.sleep = sleep
        self.wait = wait ?? { date in
            var before = now()
            while before < date {
                try await sleep(Self.duration(date.timeIntervalSince(before)))
                let after = now()
                guard after > before else { return try await Self.waitUntilCancelled() }
                before = after
            }
        }
    }

    /// `seconds` as a duration to sleep, at most a day: a date read from a damaged file may lie
    /// further off than a `Duration` holds, and a wait that long is slept a day at a time.
    static func duration(_ seconds: TimeInterval) -> Duration {
        .milliseconds(Int64((min(max(0, seconds), 86_400) * 1_000).rounded(.up)))
    }

    /// Never returns normally: the wait of a clock that never gets there.
    static func waitUntilCancelled() async throws {
        while true {
            try await Task.sleep(for: .seconds(86_400))
        }
    }
}

extension WallClock {
    /// The system's clock. A wait sleeps and looks again, so a clock set forward or back meanwhile
    /// still ends it at the time the clock reads.
    public static let live = WallClock(
        now: { Date() },
        sleep: { try await Task.sleep(for: $0) },
        wait: { date in
            while case let left = date.timeIntervalSinceNow, left > 0 {
                try await Task.sleep(for: duration(left))
            }
        }
    )

    /// A clock frozen at `date` whose sleeps only let other tasks run, and whose waits for a time
    /// after `date` last until cancelled.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock(
            now: { date },
            sleep: { _ in
                await Task.yield()
                try Task.checkCancellation()
            },
            wait: { until in
                if until > date { try await waitUntilCancelled() }
            }
        )
    }
}

extension WallClock: Unimplementable {
    /// Reads as the Unix epoch, after reporting the call. A sleep or a wait reports once and then
    /// waits to be cancelled: thrown at once, it would spin a `while` loop that ignores the error.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> WallClock {
        WallClock(
            now: {
                report("WallClock.now")
                return Date(timeIntervalSince1970: 0)
            },
            sleep: { _ in
                report("WallClock.sleep")
                try await waitUntilCancelled()
            },
            wait: { _ in
                report("WallClock.wait")
                try await waitUntilCancelled()
            }
        )
    }
}
