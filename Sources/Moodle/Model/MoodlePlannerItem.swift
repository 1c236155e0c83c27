import CourseKit
import FoundationEssentials

/// A row of the Due pane from one of Moodle's action events: something the student has to do.
///
/// Moodle lists an activity's event only while there is something to do (an assignment drops
/// out once submitted), so every row is open work; one whose time passed while the student can
/// still act is missing.
enum MoodlePlannerItem {
    static func item(_ event: MoodleActionEvents.Event, site: URL) -> PlannerItem? {
        guard let date = MoodleTime.date(event.timesort.value) else { return nil }
        let module = event.modulename
        let cmid = event.instance?.value
        let kind = kind(module)
        let overdue = event.overdue ?? false
        let actionable = event.action?.actionable ?? true
        // An activity's due event is the activity's row (`assign:1013`); its other events (a quiz's
        // opening and closing) are rows of their own.
        let base = "\(module ?? "event"):\(cmid.map(String.init) ?? String(event.id.value))"
        let type = event.eventtype.flatMap { $0 == "due" || $0.isEmpty ? nil : $0 }
        return PlannerItem(
            id: type.map { base + ":" + $0 } ?? base,
            kind: kind,
            title: MoodleText.name(event.activityname) ?? MoodleText.name(event.name) ?? "Event \(event.id.value)",
            courseID: event.course.map { CourseID($0.id.value) },
            courseCode: event.course.flatMap { MoodleText.name($0.shortname) },
            contextName: event.course.flatMap { MoodleText.name($0.fullname) },
            date: date,
            assignmentID: module == "assign" ? cmid.map(String.init) : nil,
            status: PlannerItem.Status(isMissing: overdue && actionable),
            htmlURL: event.url.flatMap { URL(string: $0) } ?? cmid.flatMap { URL(string: site.absoluteString + "/mod/\(module ?? "")/view.php?id=\($0)") }
        )
    }

    /// `events` with an assignment's due event left out where the student has an extension:
    /// Moodle keeps both, and the extension's is the date that holds for them, so it stands
    /// as the assignment's row (`assign:1013`), on the date its Course pane says too.
    static func extended(_ events: [MoodleActionEvents.Event]) -> [MoodleActionEvents.Event] {
        let extended = Set(events.filter { $0.eventtype == "extension" }.compactMap { $0.instance?.value })
        return events.compactMap { event in
            guard let cmid = event.instance?.value, extended.contains(cmid) else { return event }
            guard event.eventtype == "extension" else { return event.eventtype == "due" ? nil : event }
            var due = event
            due.eventtype = "due"
            return due
        }
    }

    private static func kind(_ module: String?) -> PlannerItem.Kind {
        switch module {
        case "assign": return .assignment
        case "quiz": return .quiz
        case "forum": return .discussionTopic
        case nil: return .calendarEvent
        case let other?: return .other(other)
        }
    }
}
