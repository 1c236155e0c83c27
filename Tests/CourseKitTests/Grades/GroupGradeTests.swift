import Testing
import CourseKit

/// A group's grade by Canvas's rules, on the cases of canvas-lms's own group calculator specs.
struct GroupGradeTests {
    /// Scores and points of five assignments, 205 ungraded (the specs' larger fixture).
    static let five: [(String, Double?, Double)] = [("201", 100, 100), ("202", 42, 91), ("203", 14, 55), ("204", 3, 38), ("205", nil, 1000)]
    static let three: [(String, Double?, Double)] = [("201", 31, 40), ("202", 17, 24), ("203", 6, 10)]
    static let four: [(String, Double?, Double)] = [("201", 31, 40), ("202", 19, 24), ("203", 12, 16), ("204", 6, 10)]

    static func group(_ rows: [(String, Double?, Double)], rules: DropRules = DropRules(), change: (inout GradedWork) -> Void = { _ in }) -> AssignmentGroup {
        AssignmentGroup(id: "301", name: "Homework", rules: rules, work: rows.map { id, score, points in
            var work = GradedWork(id: id, name: "A\(id)", pointsPossible: points, score: score)
            change(&work)
            return work
        })
    }

    static func grade(_ group: AssignmentGroup, _ mode: GradeCalculator.Mode = .current, whatIf: [String: Double] = [:]) -> GroupGrade {
        GradeCalculator(CourseGrades(groups: [group]), whatIf: whatIf, mode: mode).grade(of: group)
    }

    static func pair(_ grade: GroupGrade) -> [Double] { [grade.score, grade.possible] }

    @Test func withoutRulesTheGradedCountAndFinalCountsTheRestAsZero() {
        #expect(Self.pair(Self.grade(Self.group(Self.five))) == [159, 284])
        #expect(Self.pair(Self.grade(Self.group(Self.five), .final)) == [159, 1284])
        #expect(Self.grade(Self.group(Self.five)).percent == 55.99)
    }

    @Test func excusedPendingAndLeftOutWork() {
        let excused = Self.group(Self.five) { if $0.id == "202" { $0.isExcused = true } }
        #expect(Self.pair(Self.grade(excused)) == [117, 193])
        #expect(Self.pair(Self.grade(excused, .final)) == [117, 1193])
        let pending = Self.group(Self.five) { if $0.id == "202" { $0.isPendingReview = true } }
        #expect(Self.pair(Self.grade(pending)) == [117, 193])
        #expect(Self.pair(Self.grade(pending, .final)) == [159, 1284], "final counts what waits for review with its score")
        let omitted = Self.group(Self.five) { if $0.id == "203" { $0.counts = false } }
        #expect(Self.pair(Self.grade(omitted)) == [145, 229])
        #expect(Self.pair(Self.grade(omitted, .final)) == [145, 1229])
    }

    @Test func workWorthNoPointsIsExtraCreditAndNothingGradedIsNothing() {
        #expect(Self.pair(Self.grade(Self.group([("201", 10, 0), ("202", 10, 10)]))) == [20, 10])
        let ungraded = Self.group([("201", nil, 5), ("202", nil, 10), ("203", nil, 20)])
        #expect(Self.pair(Self.grade(ungraded)) == [0, 0])
        #expect(Self.grade(ungraded).percent == nil)
        #expect(Self.pair(Self.grade(ungraded, .final)) == [0, 35])
    }

    @Test func dropLowestKeepsTheBestRatioNotTheHighestScores() {
        let one = DropRules(dropLowest: 1)
        let plain = Self.grade(Self.group(Self.three, rules: one))
        #expect(Self.pair(plain) == [48, 64])
        #expect(plain.dropped == ["203"])
        let byRatio = Self.grade(Self.group([("201", 31, 40), ("202", 17, 24), ("203", 7, 10)], rules: one))
        #expect(Self.pair(byRatio) == [38, 50])
        #expect(byRatio.dropped == ["202"])
        let pointedFirst = Self.grade(Self.group([("201", 31, 0), ("202", 17, 24), ("203", 6, 10)], rules: one))
        #expect(pointedFirst.score == 37)
        #expect(pointedFirst.dropped == ["202"])
        let ungraded = Self.group([("201", 31, 40), ("202", 17, 24), ("203", nil, 10)], rules: one)
        #expect(Self.pair(Self.grade(ungraded)) == [31, 40])
        #expect(Self.pair(Self.grade(ungraded, .final)) == [48, 64])
    }

    @Test func dropLowestTwoOrMoreKeepsAtLeastOne() {
        let two = Self.grade(Self.group(Self.five, rules: DropRules(dropLowest: 2)))
        #expect(Self.pair(two) == [103, 138])
        #expect(two.dropped == ["202", "203"])
        let twoFinal = Self.grade(Self.group(Self.five, rules: DropRules(dropLowest: 2)), .final)
        #expect(Self.pair(twoFinal) == [156, 246])
        #expect(twoFinal.dropped == ["204", "205"])
        #expect(Self.pair(Self.grade(Self.group(Self.five, rules: DropRules(dropLowest: 4)))) == [100, 100])
        #expect(Self.pair(Self.grade(Self.group(Self.five, rules: DropRules(dropLowest: 4)), .final)) == [100, 100])
    }

    @Test func dropHighest() {
        let one = Self.grade(Self.group(Self.three, rules: DropRules(dropHighest: 1)))
        #expect(Self.pair(one) == [23, 34])
        #expect(one.dropped == ["201"])
        let tenOfTen = Self.grade(Self.group([("201", 31, 40), ("202", 17, 24), ("203", 10, 10)], rules: DropRules(dropHighest: 1)))
        #expect(Self.pair(tenOfTen) == [48, 64])
        #expect(tenOfTen.dropped == ["203"])
        let raised = Self.group(Self.five, rules: DropRules(dropHighest: 2)) { if $0.id == "204" { $0.score = 30 } }
        #expect(Self.pair(Self.grade(raised)) == [56, 146])
        #expect(Self.pair(Self.grade(raised, .final)) == [44, 1093])
        let four = Self.group(Self.five, rules: DropRules(dropHighest: 4)) { if $0.id == "204" { $0.score = 30 } }
        #expect(Self.pair(Self.grade(four)) == [186, 284], "dropping as many as there are drops nothing")
        #expect(Self.pair(Self.grade(four, .final)) == [0, 1000])
    }

    @Test func dropLowestAndHighestTogether() {
        let both = Self.group(Self.five, rules: DropRules(dropLowest: 1, dropHighest: 1))
        #expect(Self.pair(Self.grade(both)) == [56, 146])
        #expect(Self.pair(Self.grade(both, .final)) == [59, 184])
        let twoEach = Self.group(Self.five, rules: DropRules(dropLowest: 2, dropHighest: 2))
        #expect(Self.pair(Self.grade(twoEach)) == [103, 138])
        #expect(Self.pair(Self.grade(twoEach, .final)) == [14, 55])
    }

    @Test func neverDropIsAlwaysCounted() {
        #expect(Self.pair(Self.grade(Self.group(Self.four, rules: DropRules(dropLowest: 1, neverDrop: ["204"])))) == [56, 74])
        #expect(Self.pair(Self.grade(Self.group(Self.four, rules: DropRules(dropHighest: 1, neverDrop: ["201"])))) == [49, 66])
        #expect(Self.pair(Self.grade(Self.group(Self.four, rules: DropRules(dropLowest: 1, neverDrop: ["203", "204"])))) == [49, 66])
        let onlyOneDroppable = Self.grade(Self.group(Self.four, rules: DropRules(dropLowest: 1, neverDrop: ["202", "203", "204"])))
        #expect(Self.pair(onlyOneDroppable) == [68, 90])
        #expect(onlyOneDroppable.dropped.isEmpty)
    }

    @Test func tiesDropTheHighestIDAndUnpointedScoresDecideByThemselves() {
        let tie = Self.grade(Self.group([("2301", 10, 10), ("2302", 10, 10), ("2303", 10, 10)], rules: DropRules(dropLowest: 1)))
        #expect(tie.score == 20)
        #expect(tie.dropped == ["2303"])
        let unpointed = Self.grade(Self.group([("2301", 15, 0), ("2302", 5, 0), ("2303", 10, 0)], rules: DropRules(dropLowest: 1)))
        #expect(unpointed.score == 25)
        #expect(unpointed.dropped == ["2302"])
        let equal = Self.grade(Self.group([("2301", 10, 0), ("2302", 10, 0), ("2303", 10, 0)], rules: DropRules(dropLowest: 1)))
        #expect(equal.dropped == ["2301"])
        let scores: [(String, Double?, Double)] = [("1", 10, 0), ("2", 5, 0), ("3", 20, 0), ("4", 0, 0)]
        #expect(Self.grade(Self.group(scores, rules: DropRules(dropLowest: 1))).score == 35)
        #expect(Self.grade(Self.group(scores, rules: DropRules(dropHighest: 1))).score == 15)
        #expect(Self.grade(Self.group(scores, rules: DropRules(dropLowest: 2, dropHighest: 1))).score == 10)
    }

    @Test func aWhatIfScoreCountsAsGradedAndCanChangeWhatIsDropped() {
        let group = Self.group(Self.three, rules: DropRules(dropLowest: 1))
        let whatIf = Self.grade(group, whatIf: ["203": 10])
        #expect(Self.pair(whatIf) == [41, 50], "10/10 is kept now, and 17/24 dropped")
        #expect(whatIf.dropped == ["202"])
        let excused = Self.group(Self.three) { if $0.id == "203" { $0.isExcused = true; $0.score = nil } }
        #expect(Self.pair(Self.grade(excused)) == [48, 64])
        #expect(Self.pair(Self.grade(excused, whatIf: ["203": 5])) == [53, 74], "a what-if score on excused work counts it")
    }
}
