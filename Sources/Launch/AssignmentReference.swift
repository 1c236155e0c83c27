import CourseKit
import FoundationEssentials

/// What `submit --assignment` takes: the assignment's ID, the ID `due --json` prints for it
/// (`assignment:5703`), or its web address, which names its course too.
struct AssignmentReference: Equatable {
    /// A course as a web address names it: the site, and the course's ID.
    struct CourseAddress: Equatable, Sendable {
        var base: URL
        var course: CourseID
    }

    var id: String
    /// The course the address names, and the site it is on; nil for an ID.
    var link: CourseAddress?

    /// Reads `text`; says what it takes when it is none of them.
    init(_ text: String) throws(UsageError) {
        let trimmed = text.trimming(.whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("--assignment needs an assignment ID, not an empty value") }
        if trimmed.contains("://") {
            self = try Self.address(trimmed)
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else {
            id = trimmed
            return
        }
        let kind = trimmed[..<colon]
        let rest = String(trimmed[trimmed.index(after: colon)...])
        switch kind {
        case "assignment":
            guard !rest.isEmpty else { throw UsageError("--assignment needs an assignment ID after 'assignment:'") }
            id = rest
        case "quiz", "discussion_topic", "wiki_page", "calendar_event", "planner_note", "announcement":
            throw UsageError("--assignment takes an assignment, and '\(trimmed)' is a \(kind.replacing("_", with: " ")): give the ID of the assignment it counts as, as its course lists it")
        default:
            // A Canvas ID with a colon of its own, as sis_assignment_id:ABC.
            id = trimmed
        }
    }

    /// `https://school.instructure.com/courses/1003/assignments/5703` and the like.
    private static func address(_ text: String) throws(UsageError) -> AssignmentReference {
        let problem = UsageError("--assignment needs an assignment ID or its web address like https://school.instructure.com/courses/1003/assignments/5703, not '\(text)'")
        guard let url = URL(string: text) else { throw problem }
        let segments = url.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let index = segments.firstIndex(of: "assignments"), index + 1 < segments.count, let id = segments[index + 1].nonBlank else { throw problem }
        let course: (base: URL, course: CourseID)
        do {
            course = try LaunchOptions.courseLink(text)
        } catch {
            throw problem
        }
        return AssignmentReference(id: id.percentDecoded ?? id, link: CourseAddress(base: course.base, course: course.course))
    }

    private init(id: String, link: CourseAddress?) {
        self.id = id
        self.link = link
    }
}
