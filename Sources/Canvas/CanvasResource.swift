import CourseKit

/// What a Canvas request is about, so an error can name what is missing or not allowed.
public enum CanvasResource: Equatable, Sendable {
    /// The user's own course list.
    case courseList
    /// The user's favorite courses.
    case favorites
    /// One course's overview or syllabus.
    case course(CourseID)
    /// The modules of a course.
    case modules(CourseID)
    /// The assignments of a course.
    case assignments(CourseID)
    /// The items of one module.
    case moduleItems(CourseID, module: String)
    /// A course's Files, where uploads go.
    case courseFiles(CourseID)
    /// The user's own submission to an assignment, and the files handed in with it.
    case submission(CourseID, assignment: String)
    /// The file record that confirms an upload.
    case uploadedFile
    /// The user's own profile.
    case profile
    /// What is due across the user's courses (the planner).
    case planner
    /// The announcements of a course.
    case announcements(CourseID)
    /// One announcement of a course, as it is marked read.
    case announcement(CourseID, id: String)
    /// The discussions of a course.
    case discussions(CourseID)
    /// One discussion of a course: its thread, or its replies as they are marked read.
    case discussion(CourseID, id: String)
    /// The done mark of a planner item (its planner override), named by the item's title.
    case plannerMark(String)
    /// A to-do of the user's own (a planner note), named by its title.
    case plannerNote(String)
    /// A post to a discussion of a course, or a reply in it, named by the discussion's title.
    case discussionPost(CourseID, title: String)

    /// What a 404 means here, or `nil` where Canvas only answers 404 when the address is wrong.
    var missingMessage: String? {
        switch self {
        case let .course(id), let .modules(id), let .assignments(id), let .courseFiles(id), let .announcements(id), let .discussions(id):
            // A listing under a course can't be missing by itself: the course is.
            return "No course with ID \(id)"
        case let .moduleItems(course, module):
            return "Module \(module) of course \(course) no longer exists"
        case let .submission(course, assignment):
            return "Assignment \(assignment) of course \(course) no longer exists"
        case .uploadedFile:
            return "The uploaded file is no longer on Canvas"
        case let .announcement(course, id):
            return "Announcement \(id) of course \(course) no longer exists"
        case let .discussion(course, id):
            return "Discussion \(id) of course \(course) no longer exists"
        case let .plannerMark(title):
            return "\(title) is no longer on your planner"
        case let .plannerNote(title):
            return "The to-do “\(title)” is no longer on your planner"
        case let .discussionPost(_, title):
            return "The discussion “\(title)”, or the post replied to, no longer exists"
        case .courseList, .favorites, .profile, .planner:
            return nil
        }
    }

    /// The end of "You don't have permission to …".
    var permissionPhrase: String {
        switch self {
        case .courseList: return "list your courses"
        case .favorites: return "list your favorite courses"
        case let .course(id): return "see course \(id)"
        case let .modules(id): return "see the modules of course \(id)"
        case let .assignments(id): return "see the assignments of course \(id)"
        case let .moduleItems(_, module): return "see the items of module \(module)"
        case let .courseFiles(id):
            return "add files to course \(id): only teachers can add files to a course's Files"
        case let .submission(course, assignment):
            return "hand in assignment \(assignment) of course \(course): it is locked or closed, or you are not a student there"
        case .uploadedFile: return "finish this upload"
        case .profile: return "read your profile"
        case .planner: return "see your planner"
        case let .announcements(id): return "see the announcements of course \(id)"
        case let .announcement(_, id): return "mark announcement \(id) read"
        case let .discussions(id): return "see the discussions of course \(id)"
        case let .discussion(_, id): return "read discussion \(id)"
        case let .plannerMark(title): return "mark \(title) done"
        case let .plannerNote(title): return "change the to-do “\(title)”"
        case let .discussionPost(_, title): return "post to “\(title)”: it is closed for comments or locked"
        }
    }
}

extension CanvasResource {
    /// The end of "Canvas refused to …", for a request it answered 400 with a reason.
    var refusalPhrase: String {
        switch self {
        case .submission: return "take the submission"
        case .plannerMark: return "take the done mark"
        case .plannerNote: return "take the to-do"
        case .discussionPost: return "take the post"
        default: return "do this"
        }
    }

    /// Whether a 400 about this resource carries a reason worth showing as it is.
    var explainsRefusals: Bool {
        switch self {
        case .submission, .plannerMark, .plannerNote, .discussionPost: return true
        default: return false
        }
    }
}
