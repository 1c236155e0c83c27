import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `due --json` output: one object per item, in the order the Due pane lists them
/// (missing first, then by date), with fields that keep their names and meaning from one
/// version to the next.
enum DueJSON {
    /// The items as a JSON array, pretty-printed, in the order the pane lists them at `now`.
    static func text(_ items: [PlannerItem], now: Date) -> String {
        QueueListing.escapingTerminalControls(PrettyJSON.text(.array(DueListing.ordered(items, now: now).map { object($0, now: now) })))
    }

    static func object(_ item: PlannerItem, now: Date) -> PrettyJSON.Value {
        .object([
            "id": .string(item.id),
            "kind": .string(item.kind.canvasName),
            "title": .string(item.title),
            "course_id": .string(item.courseID?.rawValue),
            "course_code": .string(item.courseCode),
            "due_at": .string(item.date.formatted(.iso8601)),
            "all_day": .bool(item.isAllDay),
            "points_possible": item.pointsPossible.map(PrettyJSON.Value.number) ?? .null,
            "state": .string(DueStanding(of: item, now: now).map(stateName)),
            "url": .string(item.htmlURL?.absoluteString),
        ])
    }

    /// The state's name for scripts; unlike the pane's words, handed in late and late
    /// without a hand-in are told apart.
    static func stateName(_ standing: DueStanding) -> String {
        switch standing {
        case .submittedLate: "submitted_late"
        case .redoRequested: "redo_requested"
        case .gradeNotReleased: "grade_not_released"
        default: standing.word
        }
    }
}
