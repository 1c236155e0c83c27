import CourseKit

/// Where a file upload goes on Canvas: the step-1 endpoint and what it is told besides the file.
enum UploadDestination: Sendable {
    /// A course's Files, into the folder uploads go to, replacing a file of the same name there.
    case courseFiles(CourseID)
    /// The user's files for handing in to an assignment, which Canvas keeps apart from the course's Files.
    case submission(CourseID, assignment: String)

    /// The step-1 endpoint's path.
    var path: String {
        switch self {
        case let .courseFiles(course):
            return "/api/v1/courses/\(CanvasAPI.pathSegment(course))/files"
        case let .submission(course, assignment):
            return CanvasAPI.submissionsPath(course: course, assignment: assignment) + "/self/files"
        }
    }

    /// Step-1 fields beyond the name, size and type.
    var extraFields: [(String, String)] {
        switch self {
        case .courseFiles:
            // One fixed folder, so a retry lands on the same path and `overwrite` replaces the
            // earlier copy instead of adding "file (1)".
            return [("parent_folder_path", CanvasAPI.uploadFolder), ("on_duplicate", "overwrite")]
        case .submission:
            return []
        }
    }

    /// What errors name.
    var resource: CanvasResource {
        switch self {
        case let .courseFiles(course): return .courseFiles(course)
        case let .submission(course, assignment): return .submission(course, assignment: assignment)
        }
    }
}
