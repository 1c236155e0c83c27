/// How a course's total is made, for the Course pane's Grades section.
///
/// Apart from `CourseClient` so that a backend without grade groups, and every test of the
/// other sections, needs nothing new.
public struct GradesClient: Sendable {
    /// The course's assignment groups with the student's scores, weights, rules and letters;
    /// nil where the backend keeps no such thing for the course.
    public var grades: @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> CourseGrades?

    public init(grades: @escaping @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> CourseGrades?) {
        self.grades = grades
    }
}

extension GradesClient {
    /// No grade groups anywhere: the section is not shown.
    public static let noOp = GradesClient(grades: { _, _ in nil })

    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = unimplemented(report: { _ in })
}

extension GradesClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> GradesClient {
        GradesClient(grades: { _, _ in throw Unimplemented.reported("GradesClient.grades", to: report) })
    }
}
