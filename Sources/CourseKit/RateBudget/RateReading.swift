import FoundationEssentials

/// What Canvas last said of the token's rate budget: `X-Rate-Limit-Remaining`, `X-Request-Cost`, when, and which Canvas.
public struct RateReading: Sendable, Equatable, Codable {
    /// What is left in the bucket, in Canvas's units (a full bucket holds 600 by default).
    public var remaining: Double
    /// What the answer's request cost, when Canvas said.
    public var cost: Double?
    public var at: Date
    /// The Canvas host that answered, so a reading is never shown for another school.
    public var host: String

    public init(remaining: Double, cost: Double?, at: Date, host: String) {
        self.remaining = remaining
        self.cost = cost
        self.at = at
        self.host = host
    }
}

extension RateReading {
    /// `rate budget 612 left (12 s ago)`: how the footer and `status` say it.
    public func summary(now: Date) -> String {
        "rate budget \(Int(remaining.rounded(.down))) left (\(Self.age(now.timeIntervalSince(at))) ago)"
    }

    /// `5 s`, `3 min`, `2 h`, `4 d`: an age, coarsely.
    static func age(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds))
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3600: return "\(whole / 60) min"
        case ..<86400: return "\(whole / 3600) h"
        default: return "\(whole / 86400) d"
        }
    }
}
