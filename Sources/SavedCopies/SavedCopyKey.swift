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
    /// A course's discussions, as the student was shown them.
    case discussions(CourseID)
    /// The replies of one discussion of a course, as the student last read them.
    case thread(CourseID, topic: String)

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
        case let .discussions(id): return "discussions-\(Self.component(id)).json"
        // The topic first: its ID (a number on every backend) has no dash to confuse with the course's.
        case let .thread(id, topic): return "thread-\(Files.safeComponent(topic))-\(Self.component(id)).json"
        }
    }

    private static func component(_ id: CourseID) -> String {
        Files.safeComponent(id.rawValue)
    }
}
