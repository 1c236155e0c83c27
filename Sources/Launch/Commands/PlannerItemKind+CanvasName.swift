import CourseKit

extension PlannerItem.Kind {
    /// The kind as Canvas's `plannable_type` names it (`discussion_topic`), which scripts
    /// reading `due --json` can match against Canvas's own API.
    var canvasName: String {
        switch self {
        case .assignment: "assignment"
        case .quiz: "quiz"
        case .discussionTopic: "discussion_topic"
        case .announcement: "announcement"
        case .calendarEvent: "calendar_event"
        case .plannerNote: "planner_note"
        case .wikiPage: "wiki_page"
        case .assessmentRequest: "assessment_request"
        case let .other(name): name
        }
    }
}
