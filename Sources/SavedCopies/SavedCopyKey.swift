import CourseKit
import FileSystem

/// One thing a pane shows, as a file name in an account's folder.
enum SavedCopyKey: Hashable, Sendable {
    case courses(CourseScope)
    case course(CourseID)
    case syllabus(CourseID)
    case modules(CourseID)
    case assignments(CourseID)
    /// What is due across courses, as the planner last answered.
    case planner
    /// What the user was already told about what is due.
    case notified
    /// A course's announcements, as the student was shown them.
    case announcements(CourseID)
    /// A course's folders and files, as the user last saw them listed.
    case files(CourseID)
    /// How a course's total is made, as the Grades section last showed it.
    case grades(CourseID)

    var fileName: String {
        switch self {
        case let .courses(scope): return "courses-\(scope.rawValue).json"
        case let .course(id): return "course-\(Self.component(id)).json"
        case let .syllabus(id): return "syllabus-\(Self.component(id)).json"
        case let .modules(id): return "modules-\(Self.component(id)).json"
        case let .assignments(id): return "assignments-\(Self.component(id)).json"
        case .planner: return "planner.json"
        case .notified: return "notified.json"
        case let .announcements(id): return "announcements-\(Self.component(id)).json"
        case let .files(id): return "files-\(Self.component(id)).json"
        case let .grades(id): return "grades-\(Self.component(id)).json"
        }
    }

    private static func component(_ id: CourseID) -> String {
        Files.safeComponent(id.rawValue)
    }
}
