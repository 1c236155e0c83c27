import CourseKit
import FoundationEssentials

/// Asks Moodle the cheapest question there is, to learn whether it answers again.
public enum MoodleProbe {
    /// A probe that succeeds when `core_webservice_get_site_info` is answered.
    public static func make(_ connection: MoodleConnection) -> @Sendable () async -> Bool {
        let api = connection.api
        return { (try? await api.call("core_webservice_get_site_info")) != nil }
    }
}
