/// The answer of `core_calendar_get_action_events_by_timesort` (calendar/externallib.php,
/// calendar/classes/external/event_exporter_base.php); only the fields read here.
struct MoodleActionEvents: Decodable, Sendable {
    struct Event: Decodable, Sendable {
        struct Course: Decodable, Sendable {
            var id: MoodleInt
            var fullname: String?
            var shortname: String?
        }

        struct Action: Decodable, Sendable {
            var name: String?
            var url: String?
            /// Whether the student can act now: false before it opens and after its cut-off.
            var actionable: Bool?
        }

        var id: MoodleInt
        var name: String
        /// `assign`, `quiz`, `forum`, … for an activity's event.
        var modulename: String?
        var activityname: String?
        /// For an activity's event, the course module's ID (the cmid).
        var instance: MoodleInt?
        /// `due`, `close`, `expectcompletionon`, …
        var eventtype: String?
        var timesort: MoodleInt
        /// Its time has passed.
        var overdue: Bool?
        var course: Course?
        var action: Action?
        var url: String?
    }

    var events: [Event]
    var lastid: MoodleInt?
}
