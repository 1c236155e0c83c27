/// Where analytics events go: nowhere by default, a JSON-lines event log with `--event-log`.
public struct Analytics: Sendable {
    public var track: @Sendable (_ event: AnalyticsEvent) -> Void

    public init(track: @escaping @Sendable (_ event: AnalyticsEvent) -> Void) {
        self.track = track
    }
}

extension Analytics {
    public static let noOp = Analytics(track: { _ in })
}

extension Analytics: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> Analytics {
        Analytics(track: { _ in report("Analytics.track") })
    }
}
