import FoundationEssentials

/// A course as the panes show it: identity, names, term, teachers, dates and the user's place in it.
public struct Course: Equatable, Sendable, Identifiable, Codable {
    public var id: CourseID
    /// The name the user sees: their nickname for the course when they set one.
    public var name: String
    /// The course's own name, when `name` is the user's nickname for it.
    public var originalName: String?
    public var code: String
    public var workflowState: String?
    public var term: Term?
    public var teachers: [String]
    public var startAt: Date?
    public var endAt: Date?
    /// Where the user's enrollment stands, when the backend says.
    public var enrollment: Enrollment?
    /// Whether the user may add files to the course's Files, where the backend says: a teacher
    /// may, one enrolled as a student may not.
    public var addsFiles: Bool?
    public var isFavorite: Bool
    /// Canvas's own word on whether the course is over (`include[]=concluded`); `nil` when the backend didn't say.
    public var isConcluded: Bool?
    /// Canvas sent only `{"id": N, "access_restricted_by_date": true}`: the user can't open it now.
    public var isRestricted: Bool
    /// Its page on the web, for the browser; nil where the backend has no web (the offline catalogs).
    public var htmlURL: URL?
    /// The user's grade in the course so far, when the backend gave one.
    public var grade: Grade?
    /// The total over all grading periods, beside a period's `grade`, where the course shows it to students.
    public var allPeriodsGrade: Grade?
    /// The course hides its totals from students (Canvas's `hide_final_grades`), so no grade is shown.
    public var hidesFinalGrades: Bool
    /// The student removed it from view in their LMS (Moodle's "Remove from view" on the Dashboard):
    /// still theirs, and listed, but marked so they know why the site leaves it out.
    public var isHidden: Bool

    public init(
        id: CourseID,
        name: String,
        originalName: String? = nil,
        code: String = "",
        workflowState: String? = nil,
        term: Term? = nil,
        teachers: [String] = [],
        startAt: Date? = nil,
        endAt: Date? = nil,
        enrollment: Enrollment? = nil,
        addsFiles: Bool? = nil,
        isFavorite: Bool = false,
        isConcluded: Bool? = nil,
        isRestricted: Bool = false,
        htmlURL: URL? = nil,
        grade: Grade? = nil,
        allPeriodsGrade: Grade? = nil,
        hidesFinalGrades: Bool = false,
        isHidden: Bool = false
    ) {
        self.id = id
        self.name = name
        self.originalName = originalName
        self.code = code
        self.workflowState = workflowState
        self.term = term
        self.teachers = teachers
        self.startAt = startAt
        self.endAt = endAt
        self.enrollment = enrollment
        self.addsFiles = addsFiles
        self.isFavorite = isFavorite
        self.isConcluded = isConcluded
        self.isRestricted = isRestricted
        self.htmlURL = htmlURL
        self.grade = grade
        self.allPeriodsGrade = allPeriodsGrade
        self.hidesFinalGrades = hidesFinalGrades
        self.isHidden = isHidden
    }

    /// A course Canvas only names by ID because access to it is restricted by date.
    public static func restricted(_ id: CourseID) -> Course {
        Course(id: id, name: "Course \(id)", isRestricted: true)
    }
}

extension Course {
    /// An enrollment period: a semester, a school year, or Canvas's "Default Term".
    public struct Term: Equatable, Sendable, Codable {
        public var name: String
        public var startAt: Date?
        public var endAt: Date?

        public init(name: String, startAt: Date? = nil, endAt: Date? = nil) {
            self.name = name
            self.startAt = startAt
            self.endAt = endAt
        }
    }

    /// Where the user's enrollment in a course stands.
    public enum Enrollment: String, Equatable, Sendable, Codable {
        case active
        /// Invited and not yet accepted.
        case invited
        /// Enrolled, but the course has not started or the enrollment is not active yet.
        case pending
        /// The enrollment has concluded.
        case completed
        case inactive
    }
}
