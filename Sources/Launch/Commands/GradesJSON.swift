import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `grades ID --json` output: the course's total and each assignment group with its weight,
/// rules and grade, and each assignment's released score, with fields that keep their names and
/// meaning from one version to the next.
enum GradesJSON {
    static func text(_ grades: CourseGrades, course: CourseID, savedAt: Date?) -> String {
        QueueListing.escapingTerminalControls(PrettyJSON.text(value(grades, course: course, savedAt: savedAt)))
    }

    static func value(_ grades: CourseGrades, course: CourseID, savedAt: Date?) -> PrettyJSON.Value {
        let calculator = GradeCalculator(grades)
        return .object([
            "course_id": .string(course.rawValue),
            "total": total(grades, calculator: calculator),
            "computed_by": .string(grades.reporter),
            "weighted": .bool(grades.weightsGroups),
            "grading_period": .string(grades.periodTitle),
            "totals_hidden": .bool(grades.hidesTotals),
            "groups": .array(grades.groups.map { group(($0), grades: grades, calculator: calculator) }),
            "saved_at": .string(savedAt?.formatted(.iso8601)),
        ])
    }

    /// The course total: as the site reports it where it computes its own, else by Canvas's
    /// rules over what is graded; null where the teacher hides it.
    private static func total(_ grades: CourseGrades, calculator: GradeCalculator) -> PrettyJSON.Value {
        guard !grades.hidesTotals else { return .null }
        if grades.reporter != nil {
            guard let reported = grades.reportedTotal else { return .null }
            return grade(percent: reported.percent, score: reported.score, possible: reported.maximum, letter: reported.text)
        }
        let total = calculator.total()
        return grade(percent: total.percent, score: total.score, possible: total.possible, letter: calculator.letter(for: total))
    }

    private static func group(_ group: AssignmentGroup, grades: CourseGrades, calculator: GradeCalculator) -> PrettyJSON.Value {
        let computed = grades.reporter == nil ? calculator.grade(of: group) : nil
        let grade: PrettyJSON.Value
        if grades.hidesTotals {
            grade = .null
        } else if let computed {
            grade = self.grade(percent: computed.percent, score: computed.score, possible: computed.possible, letter: nil)
        } else if let reported = group.reported {
            grade = self.grade(percent: reported.percent, score: reported.score, possible: reported.maximum, letter: reported.text)
        } else {
            grade = .null
        }
        return .object([
            "id": .string(group.id),
            "name": .string(group.name),
            "weight": group.weight.map(PrettyJSON.Value.number) ?? .null,
            "grade": grade,
            "drop_lowest": .integer(Int64(group.rules.dropLowest)),
            "drop_highest": .integer(Int64(group.rules.dropHighest)),
            "assignments": .array(group.work.map { work($0, dropped: computed?.dropped.contains($0.id) ?? ($0.reportedStatus == .dropped)) }),
        ])
    }

    private static func work(_ work: GradedWork, dropped: Bool) -> PrettyJSON.Value {
        .object([
            "id": .string(work.id),
            "name": .string(work.name),
            "points_possible": work.pointsPossible.map(PrettyJSON.Value.number) ?? .null,
            "score": work.score.map(PrettyJSON.Value.number) ?? .null,
            "grade": .string(work.grade),
            "excused": .bool(work.isExcused),
            "pending_review": .bool(work.isPendingReview),
            "grade_hidden": .bool(work.isGradeHidden),
            "counts": .bool(work.counts),
            "dropped": .bool(dropped),
            "feedback": .string(work.feedback),
        ])
    }

    /// A grade as a percentage, the points it is of, and its letter where there is one.
    private static func grade(percent: Double?, score: Double?, possible: Double, letter: String?) -> PrettyJSON.Value {
        .object([
            "percent": percent.map(PrettyJSON.Value.number) ?? .null,
            "score": score.map(PrettyJSON.Value.number) ?? .null,
            "possible": .number(possible),
            "letter": .string(letter),
        ])
    }
}
