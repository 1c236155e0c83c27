/// What was last seen of each thing a pane shows, for showing it at once before the backend
/// answers, or when it can't.
///
/// Reads only: the backend's client saves its answers as they arrive. Every read is quick (a
/// small file), so a pane may read on its first frame.
public struct SavedCopyClient: Sendable {
    /// Every course of a view, as its listing last ended.
    public var courses: @Sendable (_ scope: CourseScope) -> Saved<[Course]>?
    public var course: @Sendable (_ id: CourseID) -> Saved<Course>?
    /// The syllabus HTML; a saved `nil` is a course seen to have none.
    public var syllabus: @Sendable (_ id: CourseID) -> Saved<String?>?
    public var modules: @Sendable (_ id: CourseID) -> Saved<[CourseModule]>?
    public var assignments: @Sendable (_ id: CourseID) -> Saved<[Assignment]>?
    /// What the planner last answered, whatever range it was asked for.
    public var planner: @Sendable () -> Saved<[PlannerItem]>?
    /// A course's announcements as last read, with those marked read since.
    public var announcements: @Sendable (_ id: CourseID) -> Saved<[Announcement]>?
    /// A course's folders and files as last listed.
    public var files: @Sendable (_ id: CourseID) -> Saved<CourseFiles>?
    /// How a course's total is made, as last read.
    public var grades: @Sendable (_ id: CourseID) -> Saved<CourseGrades>?
    /// A course's discussions as last listed, with those read since.
    public var discussions: @Sendable (_ id: CourseID) -> Saved<[DiscussionTopic]>?
    /// A discussion's replies as last read, with those read since.
    public var thread: @Sendable (_ id: CourseID, _ topic: String) -> Saved<[DiscussionEntry]>?

    public init(
        courses: @escaping @Sendable (_ scope: CourseScope) -> Saved<[Course]>?,
        course: @escaping @Sendable (_ id: CourseID) -> Saved<Course>?,
        syllabus: @escaping @Sendable (_ id: CourseID) -> Saved<String?>?,
        modules: @escaping @Sendable (_ id: CourseID) -> Saved<[CourseModule]>?,
        assignments: @escaping @Sendable (_ id: CourseID) -> Saved<[Assignment]>?,
        planner: @escaping @Sendable () -> Saved<[PlannerItem]>? = { nil },
        announcements: @escaping @Sendable (_ id: CourseID) -> Saved<[Announcement]>? = { _ in nil },
        files: @escaping @Sendable (_ id: CourseID) -> Saved<CourseFiles>? = { _ in nil },
        grades: @escaping @Sendable (_ id: CourseID) -> Saved<CourseGrades>? = { _ in nil },
        discussions: @escaping @Sendable (_ id: CourseID) -> Saved<[DiscussionTopic]>? = { _ in nil },
        thread: @escaping @Sendable (_ id: CourseID, _ topic: String) -> Saved<[DiscussionEntry]>? = { _, _ in nil }
    ) {
        self.courses = courses
        self.course = course
        self.syllabus = syllabus
        self.modules = modules
        self.assignments = assignments
        self.planner = planner
        self.announcements = announcements
        self.files = files
        self.grades = grades
        self.discussions = discussions
        self.thread = thread
    }
}

extension SavedCopyClient {
    /// Nothing was ever saved: the offline catalogs, and `--no-cache`.
    public static let none = SavedCopyClient(
        courses: { _ in nil }, course: { _ in nil }, syllabus: { _ in nil }, modules: { _ in nil }, assignments: { _ in nil }
    )
}

extension SavedCopyClient: Unimplementable {
    /// Has nothing saved, as `none`, after reporting each read.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> SavedCopyClient {
        SavedCopyClient(
            courses: { _ in nothing("courses", report) },
            course: { _ in nothing("course", report) },
            syllabus: { _ in nothing("syllabus", report) },
            modules: { _ in nothing("modules", report) },
            assignments: { _ in nothing("assignments", report) },
            planner: { nothing("planner", report) },
            announcements: { _ in nothing("announcements", report) },
            files: { _ in nothing("files", report) },
            grades: { _ in nothing("grades", report) },
            discussions: { _ in nothing("discussions", report) },
            thread: { _, _ in nothing("thread", report) }
        )
    }

    private static func nothing<Value>(_ endpoint: String, _ report: Unimplemented.Report) -> Saved<Value>? {
        report("SavedCopyClient." + endpoint)
        return nil
    }
}
