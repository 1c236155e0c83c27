import CourseBrowser
import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// The `course ID --json` output: the course, its assignments with where each stands, its
/// announcements and its files, with fields that keep their names and meaning from one version
/// to the next; a section that could not be read is `null` and named in `unavailable`.
enum CourseJSON {
    static func text(_ report: CourseReport) -> String {
        QueueListing.escapingTerminalControls(PrettyJSON.text(value(report)))
    }

    static func value(_ report: CourseReport) -> PrettyJSON.Value {
        .object([
            "course": CoursesJSON.object(report.course, adding: ["teachers": .array(report.course.teachers.map(PrettyJSON.Value.string))]),
            "assignments": report.assignments.value.map { .array($0.map(assignment)) } ?? .null,
            "announcements": report.announcements.value.map { .array($0.map(announcement)) } ?? .null,
            "files": report.files.value.map(files) ?? .null,
            "saved_at": .string(report.savedAt?.formatted(.iso8601)),
            "unavailable": .array(report.unavailable.map { section, failure in
                .object(["section": .string(section), "kind": .string(failure.kind.rawValue), "message": .string(Sanitizer.clean(failure.message))])
            }),
        ])
    }

    private static func assignment(_ assignment: Assignment) -> PrettyJSON.Value {
        let submission = assignment.submission
        let released = submission?.isGradeHidden == false
        return .object([
            "id": .string(assignment.id),
            "name": .string(assignment.name),
            "due_at": .string(assignment.dueAt?.formatted(.iso8601)),
            "points_possible": assignment.pointsPossible.map(PrettyJSON.Value.number) ?? .null,
            "state": .string(state(of: assignment)),
            "score": released ? submission?.score.map(PrettyJSON.Value.number) ?? .null : .null,
            "grade": .string(released ? submission?.grade : nil),
            "submitted_at": .string(submission?.submittedAt?.formatted(.iso8601)),
            "submission_types": .array(assignment.submissionTypes.map(PrettyJSON.Value.string)),
            "locked": .bool(assignment.isLocked),
            "url": .string(assignment.htmlURL?.absoluteString),
        ])
    }

    /// Where the user's submission stands, for scripts: the Assignments section's words, with
    /// the states the Due pane also names spelled as `due --json` spells them.
    static func state(of assignment: Assignment) -> String? {
        guard let submission = assignment.submission else { return nil }
        if submission.isExcused { return "excused" }
        if submission.isRedoRequested { return "redo_requested" }
        if submission.isExtended, submission.state == .unsubmitted { return "extended" }
        if submission.isMissing { return "missing" }
        switch submission.state {
        case .graded: return submission.isGradeHidden ? "grade_not_released" : "graded"
        case .submitted, .pendingReview: return submission.isLate ? "submitted_late" : "submitted"
        case .unsubmitted:
            if assignment.expectsSubmission { return "unsubmitted" }
            if assignment.submissionTypes.contains("on_paper") { return "on_paper" }
            if assignment.submissionTypes.contains("external_tool") { return "external_tool" }
            return nil
        }
    }

    static func announcement(_ announcement: Announcement) -> PrettyJSON.Value {
        .object([
            "id": .string(announcement.id),
            "title": .string(announcement.title),
            "posted_at": .string(announcement.postedAt?.formatted(.iso8601)),
            "author": .string(announcement.authorName),
            "read": .bool(announcement.isRead),
            "message": .string(HTMLText.plainText(announcement.messageHTML)),
            "url": .string(announcement.htmlURL?.absoluteString),
        ])
    }

    static func files(_ files: CourseFiles) -> PrettyJSON.Value {
        .array(files.files.map { file in
            .object([
                "id": .string(file.id),
                "name": .string(file.name),
                "folder": .string(files.folderPath(of: file).joined(separator: "/")),
                "size": file.size.map(PrettyJSON.Value.integer) ?? .null,
                "updated_at": .string(file.updatedAt?.formatted(.iso8601)),
                "locked": .bool(file.isLocked),
                "url": .string(file.htmlURL?.absoluteString),
            ])
        })
    }
}
