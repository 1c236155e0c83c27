import FoundationEssentials

extension Duration {
    /// The duration in seconds, for APIs that take `TimeInterval`.
    public var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// Whole milliseconds, at least 1 for any positive duration, for libcurl's options.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        let value = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        return value == 0 && self > .zero ? 1 : value
    }
}
