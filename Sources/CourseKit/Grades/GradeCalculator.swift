import FoundationEssentials

/// Computes group and course totals from a course's grades by Canvas's own rules, with
/// what-if scores put in place of the real ones.
///
/// Canvas counts, in a group, every assignment that counts toward the total and is not
/// excused; its current grade takes only what is graded and not waiting for review, its
/// final grade the rest as zero. Drop rules then leave out the scores that raise (lowest)
/// or lower (highest) the group's ratio most. Groups add up by points, or by weight over
/// the groups that have points.
public struct GradeCalculator: Sendable {
    /// Whether work not graded yet is left out (`current`, what Canvas shows by default) or counts as zero.
    public enum Mode: Sendable {
        case current
        case final
    }

    public var grades: CourseGrades
    /// Scores to use in place of the real ones, by assignment ID; nothing is sent anywhere.
    public var whatIf: [String: Double]
    public var mode: Mode

    public init(_ grades: CourseGrades, whatIf: [String: Double] = [:], mode: Mode = .current) {
        self.grades = grades
        self.whatIf = whatIf
        self.mode = mode
    }

    /// A group's score and points possible, and which of its assignments were dropped.
    public func grade(of group: AssignmentGroup) -> GroupGrade {
        let candidates = group.work.filter(\.counts).map(effective).filter { !$0.isExcused }
        let gradedCount = candidates.count { $0.score != nil }
        let items = candidates.compactMap { work -> GradeItem? in
            guard mode == .final || (work.score != nil && !work.isPendingReview) else { return nil }
            return GradeItem(id: work.id, score: work.score ?? 0, total: Self.points(work.pointsPossible))
        }
        let kept = DropRule.keep(items, rules: group.rules)
        let keptIDs = Set(kept.map(\.id))
        return GroupGrade(
            score: GradeMath.double(kept.reduce(Decimal(0)) { $0 + GradeMath.decimal($1.score) }),
            possible: GradeMath.double(kept.reduce(Decimal(0)) { $0 + GradeMath.decimal($1.total) }),
            dropped: Set(items.map(\.id).filter { !keptIDs.contains($0) }),
            gradedCount: gradedCount
        )
    }

    /// The course's total from its groups' grades.
    public func total() -> CourseTotal {
        let groups = grades.groups.map { ($0, grade(of: $0)) }
        return grades.weightsGroups ? weightedTotal(groups) : pointsTotal(groups)
    }

    /// The letter a total earns in the course's scheme; nil without a scheme or a total.
    public func letter(for total: CourseTotal) -> String? {
        guard let scheme = grades.scheme, let percent = total.percent else { return nil }
        return scheme.letter(forPercent: percent)
    }

    /// The assignment with its what-if score in place: a score given counts as graded.
    private func effective(_ work: GradedWork) -> GradedWork {
        guard let score = whatIf[work.id] else { return work }
        var work = work
        work.score = score
        work.isExcused = false
        work.isPendingReview = false
        return work
    }

    /// Points possible as Canvas reads them: none, or not a number, is zero.
    private static func points(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return 0 }
        return value
    }

    private func pointsTotal(_ groups: [(AssignmentGroup, GroupGrade)]) -> CourseTotal {
        let score = groups.reduce(Decimal(0)) { $0 + GradeMath.decimal($1.1.score) }
        let possible = groups.reduce(Decimal(0)) { $0 + GradeMath.decimal($1.1.possible) }
        let percent = possible > 0 ? GradeMath.double(GradeMath.rounded(GradeMath.divide(score, by: possible) * 100, places: 2)) : nil
        return CourseTotal(score: GradeMath.double(score), possible: GradeMath.double(possible), percent: percent)
    }

    /// Groups with points count by weight; weights that add up to less than 100 are scaled up
    /// to it, more than 100 are left as they are (so a total may pass 100%).
    private func weightedTotal(_ groups: [(AssignmentGroup, GroupGrade)]) -> CourseTotal {
        let relevant = groups.filter { $0.1.possible != 0 }
        let fullWeight = relevant.reduce(Decimal(0)) { $0 + GradeMath.decimal($1.0.weight ?? 0) }
        var total = relevant.reduce(Decimal(0)) { sum, pair in
            let (group, grade) = pair
            guard let weight = group.weight, weight != 0, grade.score != 0 else { return sum }
            return sum + GradeMath.divide(GradeMath.decimal(grade.score), by: GradeMath.decimal(grade.possible)) * GradeMath.decimal(weight)
        }
        let counted = relevant.contains { $0.1.gradedCount > 0 } || mode == .final
        guard fullWeight != 0 else { return CourseTotal(score: nil, possible: counted ? 100 : 0, percent: nil) }
        if fullWeight < 100 {
            total = GradeMath.divide(total * 100, by: fullWeight)
        }
        let score = GradeMath.double(GradeMath.rounded(total, places: 2))
        return CourseTotal(score: score, possible: counted ? 100 : 0, percent: counted ? score : nil)
    }
}

/// A group's total: the sum of the scores that count over the sum of their points.
public struct GroupGrade: Equatable, Sendable {
    public var score: Double
    public var possible: Double
    /// The assignments a drop rule left out, by ID.
    public var dropped: Set<String>
    /// How many of its counting assignments have a score (what-if ones included).
    public var gradedCount: Int

    /// The share of the points earned, to two places; nil with no points possible.
    public var percent: Double? {
        guard possible > 0 else { return nil }
        return GradeMath.double(GradeMath.rounded(GradeMath.divide(GradeMath.decimal(score), by: GradeMath.decimal(possible)) * 100, places: 2))
    }
}

/// A course's total: by points (score of possible) or by weight (a percentage of 100).
public struct CourseTotal: Equatable, Sendable {
    public var score: Double?
    public var possible: Double
    /// The total as a percentage to two places; nil when nothing counts yet.
    public var percent: Double?
}

/// One score a group may count: its points, and what it was worth.
struct GradeItem: Equatable {
    var id: String
    var score: Double
    var total: Double
}
