import FoundationEssentials

/// How a course's total is made: its assignment groups with their weights and rules, each
/// assignment's released score, and the scale its letters come from.
public struct CourseGrades: Equatable, Sendable, Codable {
    /// The groups in the course's order.
    public var groups: [AssignmentGroup]
    /// Whether groups count by their weights (Canvas's `apply_assignment_group_weights`), else by points.
    public var weightsGroups: Bool
    /// The course's letters, highest first; nil where the course has none.
    public var scheme: GradingScheme?
    /// The grading period the groups are of, where the course has periods (`Fall Q2`).
    public var periodTitle: String?
    /// The course hides its totals from students (Canvas's `hide_final_grades`).
    public var hidesTotals: Bool
    /// The backend that computed the totals itself (`Moodle`), whose figures are shown as they
    /// are; nil where the app computes them by Canvas's rules, and what-if can too.
    public var reporter: String?
    /// The course total as the reporter gives it.
    public var reportedTotal: ReportedGrade?

    public init(
        groups: [AssignmentGroup], weightsGroups: Bool = false, scheme: GradingScheme? = nil,
        periodTitle: String? = nil, hidesTotals: Bool = false, reporter: String? = nil, reportedTotal: ReportedGrade? = nil
    ) {
        self.groups = groups
        self.weightsGroups = weightsGroups
        self.scheme = scheme
        self.periodTitle = periodTitle
        self.hidesTotals = hidesTotals
        self.reporter = reporter
        self.reportedTotal = reportedTotal
    }

    /// Every assignment of every group, in order.
    public var allWork: [GradedWork] {
        groups.flatMap(\.work)
    }
}

/// A group of a course's assignments that counts toward the total as one: Homework, Exams.
public struct AssignmentGroup: Equatable, Sendable, Codable, Identifiable {
    public var id: String
    public var name: String
    /// Its share of the total in percent, where the course weights its groups.
    public var weight: Double?
    public var rules: DropRules
    public var work: [GradedWork]
    /// The group's grade as a backend that computes its own totals reports it.
    public var reported: ReportedGrade?

    public init(
        id: String, name: String, weight: Double? = nil, rules: DropRules = DropRules(), work: [GradedWork] = [],
        reported: ReportedGrade? = nil
    ) {
        self.id = id
        self.name = name
        self.weight = weight
        self.rules = rules
        self.work = work
        self.reported = reported
    }
}

/// Which scores of a group do not count: its lowest and highest few, never the ones named.
public struct DropRules: Equatable, Sendable, Codable {
    public var dropLowest: Int
    public var dropHighest: Int
    /// Assignments never dropped, by ID.
    public var neverDrop: Set<String>

    public init(dropLowest: Int = 0, dropHighest: Int = 0, neverDrop: Set<String> = []) {
        self.dropLowest = max(0, dropLowest)
        self.dropHighest = max(0, dropHighest)
        self.neverDrop = neverDrop
    }

    /// Whether any score may be dropped.
    public var dropsAny: Bool {
        dropLowest > 0 || dropHighest > 0
    }
}

/// One assignment as the grades see it: what it is worth, the student's released score, and the class's.
public struct GradedWork: Equatable, Sendable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var pointsPossible: Double?
    /// The score released to the student; nil while ungraded or not released.
    public var score: Double?
    /// The grade as the assignment's grading type writes it (`B+`, `complete`).
    public var grade: String?
    public var isExcused: Bool
    /// Handed in and waiting for review: Canvas leaves it out of the current total.
    public var isPendingReview: Bool
    /// Graded, but the teacher has not released the grade yet.
    public var isGradeHidden: Bool
    /// Whether it counts toward the total at all: not when it is left out of the final grade,
    /// not graded, or unpublished.
    public var counts: Bool
    /// The class's scores, where the backend gives them.
    public var statistics: ScoreStatistics?
    /// Its share of its group in percent, where a backend that computes its own totals says.
    public var weight: Double?
    /// How such a backend counted it, where that is other than plainly.
    public var reportedStatus: ReportedStatus?
    /// What the teacher wrote with the grade, as plain text, where the grade report carries it.
    public var feedback: String?

    public init(
        id: String, name: String, pointsPossible: Double? = nil, score: Double? = nil, grade: String? = nil,
        isExcused: Bool = false, isPendingReview: Bool = false, isGradeHidden: Bool = false, counts: Bool = true,
        statistics: ScoreStatistics? = nil, weight: Double? = nil, reportedStatus: ReportedStatus? = nil, feedback: String? = nil
    ) {
        self.id = id
        self.name = name
        self.pointsPossible = pointsPossible
        self.score = score
        self.grade = grade
        self.isExcused = isExcused
        self.isPendingReview = isPendingReview
        self.isGradeHidden = isGradeHidden
        self.counts = counts
        self.statistics = statistics
        self.weight = weight
        self.reportedStatus = reportedStatus
        self.feedback = feedback
    }
}

/// How the class scored on an assignment.
public struct ScoreStatistics: Equatable, Sendable, Codable {
    public var mean: Double
    public var low: Double
    public var high: Double

    public init(mean: Double, low: Double, high: Double) {
        self.mean = mean
        self.low = low
        self.high = high
    }
}
