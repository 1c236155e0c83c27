/// Something worth counting: a pane shown, a load that failed, a retry pressed.
public struct AnalyticsEvent: Equatable, Sendable {
    public var name: String
    public var properties: [String: String]

    public init(name: String, properties: [String: String] = [:]) {
        self.name = name
        self.properties = properties
    }

    public static func paneShown(_ pane: String) -> AnalyticsEvent {
        AnalyticsEvent(name: "pane_shown", properties: ["pane": pane])
    }

    public static func loadFailed(pane: String, section: String, message: String) -> AnalyticsEvent {
        AnalyticsEvent(name: "load_failed", properties: ["pane": pane, "section": section, "message": message])
    }

    public static func retryPressed(pane: String) -> AnalyticsEvent {
        AnalyticsEvent(name: "retry_pressed", properties: ["pane": pane])
    }
}
