import CourseKit

extension PlannerClient {
    /// What is due across the student's Moodle courses: the calendar's action events
    /// (`core_calendar_get_action_events_by_timesort`), one call a page for every course at once.
    public static func moodle(_ connection: MoodleConnection) -> PlannerClient {
        let api = connection.api
        let site = connection.siteURL
        return PlannerClient { start, end, progress in
            let events = try await api.actionEvents(from: start, to: end, background: progress.urgency == .background)
            return MoodlePlannerItem.extended(events).compactMap { MoodlePlannerItem.item($0, site: site) }
        }
    }
}
