import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// The most events Moodle gives in one answer (calendar/classes/local/api.php refuses more).
    static let eventsPerPage = 50
    /// More pages than a student's timeline has: a list that still goes on is looping.
    static let eventPageLimit = 200

    /// Every action event from `start` up to `end`, in Moodle's order (by time), page after page.
    func actionEvents(from start: Date, to end: Date, background: Bool) async throws -> [MoodleActionEvents.Event] {
        var events: [MoodleActionEvents.Event] = []
        var after: Int?
        for _ in 0..<Self.eventPageLimit {
            var parameters = MoodleParameters()
            parameters.add("timesortfrom", MoodleTime.seconds(start))
            parameters.add("timesortto", MoodleTime.seconds(end))
            parameters.add("limitnum", Self.eventsPerPage)
            if let after { parameters.add("aftereventid", after) }
            let page = try await call(MoodleActionEvents.self, "core_calendar_get_action_events_by_timesort", parameters, Call(isBackground: background))
            events += page.events
            guard page.events.count >= Self.eventsPerPage, let last = page.lastid?.value ?? page.events.last?.id.value, last != after else {
                return events
            }
            after = last
        }
        throw PagingError.tooManyPages(limit: Self.eventPageLimit)
    }
}
