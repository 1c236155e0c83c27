import CourseKit
import FoundationEssentials

/// One row of Canvas's `GET /api/v1/planner/items`, as canvas-lms's `planner_item_json` writes it.
///
/// Every field may be missing or null: a row Canvas writes a little differently (a type this
/// version does not know, an item without a plannable) still decodes, and only a row without
/// any date to place it on is left out, by `item(resolvingAgainst:)`.
package struct CanvasPlannerItem: Decodable, Sendable {
    /// The object the row is about: its title and, by kind, its grading or event fields.
    package struct Plannable: Decodable, Sendable {
        package var id: CanvasID?
        package var title: String?
        package var points_possible: CanvasNumber?
        package var due_at: String?
        package var todo_date: String?
        package var start_at: String?
        package var assignment_id: CanvasID?
        package var all_day: Bool?
    }

    /// Where the student's submission stands; Canvas writes `false` where there is nothing to submit.
    package struct Submissions: Decodable, Sendable {
        package var submitted: Bool?
        package var excused: Bool?
        /// `Submission#graded?`: true for excused work and for a grade not released yet.
        package var graded: Bool?
        /// When the grade was released to the student; null while it is not.
        package var posted_at: String?
        package var late: Bool?
        package var missing: Bool?
        package var needs_grading: Bool?
        package var has_feedback: Bool?
        /// The teacher extended the deadline for this student; older Canvas leaves it out.
        package var extended: Bool?
        package var redo_request: Bool?
        /// The teacher's last comment, where `has_feedback`; its author is left out when anonymous.
        package var feedback: Feedback?

        package struct Feedback: Decodable, Sendable {
            package var comment: String?
        }
    }

    package struct Override: Decodable, Sendable {
        package var id: CanvasID?
        package var marked_complete: Bool?
        package var dismissed: Bool?
        package var plannable_type: String?
        package var plannable_id: CanvasID?

        /// The override as the planner item keeps it; nil without an ID.
        package var kept: PlannerItem.Override? {
            id.map { PlannerItem.Override(id: $0.text, isDismissed: dismissed ?? false) }
        }
    }

    package var plannable_type: String?
    package var plannable_id: CanvasID?
    package var plannable: Plannable?
    package var plannable_date: String?
    package var course_id: CanvasID?
    package var context_name: String?
    package var html_url: String?
    package var submissions: Submissions?
    package var planner_override: Override?
    package var new_activity: Bool?

    private enum CodingKeys: String, CodingKey {
        case plannable_type, plannable_id, plannable, plannable_date, course_id, context_name, html_url
        case submissions, planner_override, new_activity
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        plannable_type = try container.decodeIfPresent(String.self, forKey: .plannable_type)
        plannable_id = try container.decodeIfPresent(CanvasID.self, forKey: .plannable_id)
        plannable = try container.decodeIfPresent(Plannable.self, forKey: .plannable)
        plannable_date = try container.decodeIfPresent(String.self, forKey: .plannable_date)
        course_id = try container.decodeIfPresent(CanvasID.self, forKey: .course_id)
        context_name = try container.decodeIfPresent(String.self, forKey: .context_name)
        html_url = try container.decodeIfPresent(String.self, forKey: .html_url)
        // `false` (nothing to hand in) reads as no status at all.
        submissions = (try? container.decodeIfPresent(Bool.self, forKey: .submissions)) != nil
            ? nil : try container.decodeIfPresent(Submissions.self, forKey: .submissions)
        planner_override = try container.decodeIfPresent(Override.self, forKey: .planner_override)
        new_activity = try container.decodeIfPresent(Bool.self, forKey: .new_activity)
    }

    /// The domain item, its relative `html_url` resolved against `origin`; nil for a row with no date.
    package func item(resolvingAgainst origin: URL) -> PlannerItem? {
        guard let (date, isAllDay) = placement else { return nil }
        let kind = Self.kind(plannable_type ?? "")
        let id = plannable_id?.text ?? plannable?.id?.text ?? ""
        return PlannerItem(
            id: "\(plannable_type ?? "item"):\(id)",
            kind: kind,
            title: plannable?.title.flatMap(\.nonBlank) ?? "Untitled",
            courseID: course_id.flatMap { CourseID($0.text) },
            contextName: context_name.flatMap(\.nonBlank),
            date: date,
            isAllDay: isAllDay,
            pointsPossible: plannable?.points_possible?.value,
            assignmentID: assignmentID(kind: kind, id: id),
            status: submissions.map(\.status),
            isMarkedComplete: planner_override?.marked_complete ?? false,
            hasNewActivity: new_activity ?? false,
            htmlURL: html_url.flatMap { Self.webURL($0, origin: origin) },
            override: planner_override?.kept
        )
    }

    /// The day or moment the row falls on: `plannable_date`, else the plannable's own date.
    private var placement: (Date, Bool)? {
        let candidates = [plannable_date, plannable?.due_at, plannable?.todo_date, plannable?.start_at]
        for text in candidates.compactMap({ $0 }) {
            if let day = PlainDay.parse(text) { return (day, true) }
            if let moment = CanvasDate.parse(text) { return (moment, plannable?.all_day ?? false) }
        }
        return nil
    }

    /// Assignments are handed in under their own ID; graded quizzes and discussions under their `assignment_id`.
    private func assignmentID(kind: PlannerItem.Kind, id: String) -> String? {
        if let assignment = plannable?.assignment_id?.text { return assignment }
        return kind == .assignment && !id.isEmpty ? id : nil
    }

    static func kind(_ name: String) -> PlannerItem.Kind {
        switch name {
        case "assignment": return .assignment
        case "quiz": return .quiz
        case "discussion_topic": return .discussionTopic
        case "announcement": return .announcement
        case "calendar_event": return .calendarEvent
        case "planner_note": return .plannerNote
        case "wiki_page": return .wikiPage
        case "assessment_request": return .assessmentRequest
        default: return .other(name)
        }
    }

    /// An absolute http(s) address as it is; a path (Canvas's usual `/courses/…`) on `origin`.
    static func webURL(_ text: String, origin: URL) -> URL? {
        if let absolute = CanvasWebURL.parse(text) { return absolute }
        guard text.hasPrefix("/"), !text.hasPrefix("//"), let resolved = URL(string: text, relativeTo: origin) else { return nil }
        return CanvasWebURL.parse(resolved.absoluteString)
    }
}

extension CanvasPlannerItem.Submissions {
    var status: PlannerItem.Status {
        PlannerItem.Status(
            isSubmitted: submitted ?? false, isGraded: graded ?? false, isLate: late ?? false, isMissing: missing ?? false,
            isExcused: excused ?? false, needsGrading: needs_grading ?? false, hasFeedback: has_feedback ?? false,
            gradePostedAt: posted_at.flatMap(CanvasDate.parse),
            isExtended: extended ?? false, isRedoRequested: redo_request ?? false,
            isGradeHidden: graded == true && excused != true && posted_at == nil,
            lastComment: has_feedback == true ? feedback?.comment.flatMap(\.nonBlank) : nil
        )
    }
}
