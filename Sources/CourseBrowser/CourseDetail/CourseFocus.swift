import CourseKit

/// What the Course pane selects once another pane opens a course on it: an assignment, or a
/// discussion, which it opens too.
enum CourseFocus: Equatable {
    case assignment(String)
    case discussion(String)

    /// What a planner item opens its course on: a discussion's thread, else its assignment, if any.
    init?(_ item: PlannerItem) {
        if item.kind == .discussionTopic, let topic = item.plannableID {
            self = .discussion(topic)
        } else if let assignment = item.assignmentID {
            self = .assignment(assignment)
        } else {
            return nil
        }
    }

    /// The item the Course pane selects for it.
    var itemID: String {
        switch self {
        case let .assignment(id): DetailItem.id(ofAssignment: id)
        case let .discussion(id): DetailItem.id(ofTopic: id)
        }
    }
}
