/// Everything the panes can ask a backend about courses.
///
/// Each backend (embedded sample, catalog file, Canvas) is a value of this struct;
/// swapping one never touches a pane. Every call gets the `LoadProgress` of the pane
/// waiting on it, so a backend can say why it waits.
public struct CourseClient: Sendable {
    /// One page of the courses in `scope`, starting at `cursor` (`nil` for the first page).
    public var coursesPage: @Sendable (
        _ scope: CourseScope, _ cursor: PageCursor?, _ progress: LoadProgress
    ) async throws -> Page<Course>
    /// A course's overview: names, term, teachers and dates.
    public var course: @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> Course
    /// A course's syllabus as HTML; `nil` when the course has none.
    public var syllabus: @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> String?
    /// A course's modules with their items, in order.
    public var modules: @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> [CourseModule]
    /// A course's assignments, each with the user's own submission.
    public var assignments: @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> [Assignment]

    public init(
        coursesPage: @escaping @Sendable (_ scope: CourseScope, _ cursor: PageCursor?, _ progress: LoadProgress) async throws -> Page<Course>,
        course: @escaping @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> Course,
        syllabus: @escaping @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> String?,
        modules: @escaping @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> [CourseModule],
        assignments: @escaping @Sendable (_ id: CourseID, _ progress: LoadProgress) async throws -> [Assignment]
    ) {
        self.coursesPage = coursesPage
        self.course = course
        self.syllabus = syllabus
        self.modules = modules
        self.assignments = assignments
    }
}

extension CourseClient {
    /// No courses at all; every lookup says the course does not exist.
    public static let noOp = CourseClient(
        coursesPage: { _, _, _ in Page(items: []) },
        course: { id, _ in throw CourseNotFound(id: id) },
        syllabus: { id, _ in throw CourseNotFound(id: id) },
        modules: { id, _ in throw CourseNotFound(id: id) },
        assignments: { id, _ in throw CourseNotFound(id: id) }
    )

    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = unimplemented(report: { _ in })
}

extension CourseClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> CourseClient {
        CourseClient(
            coursesPage: { _, _, _ in throw Unimplemented.reported("CourseClient.coursesPage", to: report) },
            course: { _, _ in throw Unimplemented.reported("CourseClient.course", to: report) },
            syllabus: { _, _ in throw Unimplemented.reported("CourseClient.syllabus", to: report) },
            modules: { _, _ in throw Unimplemented.reported("CourseClient.modules", to: report) },
            assignments: { _, _ in throw Unimplemented.reported("CourseClient.assignments", to: report) }
        )
    }
}
