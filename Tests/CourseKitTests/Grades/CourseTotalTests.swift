import Testing
import CourseKit

/// A course's total and letter by Canvas's rules, on the cases of canvas-lms's course calculator specs.
struct CourseTotalTests {
    static func make(_ id: String, _ score: Double?, _ points: Double) -> GradedWork {
        GradedWork(id: id, name: "A\(id)", pointsPossible: points, score: score)
    }

    /// The specs' five assignments in two groups.
    static func twoGroups(_ first: Double?, _ second: Double?, weighted: Bool = true) -> CourseGrades {
        CourseGrades(groups: [
            AssignmentGroup(id: "301", name: "One", weight: first, work: [make("201", 100, 100), Self.make("202", 42, 91)]),
            AssignmentGroup(id: "302", name: "Two", weight: second, work: [make("203", 14, 55), Self.make("204", 3, 38), Self.make("205", nil, 1000)]),
        ], weightsGroups: weighted)
    }

    static func scores(_ grades: CourseGrades) -> [Double?] {
        [GradeCalculator(grades).total().score, GradeCalculator(grades, mode: .final).total().score]
    }

    @Test func byPointsAndByWeight() {
        let points = GradeCalculator(Self.twoGroups(nil, nil, weighted: false)).total()
        #expect(points.score == 159)
        #expect(points.possible == 284)
        #expect(points.percent == 55.99)
        #expect(GradeCalculator(Self.twoGroups(nil, nil, weighted: false), mode: .final).total().possible == 1284)
        #expect(Self.scores(Self.twoGroups(50, 50)) == [46.31, 37.95])
        #expect(Self.scores(Self.twoGroups(5, 5)) == [46.31, 37.95], "weights under 100 are scaled up")
        #expect(Self.scores(Self.twoGroups(100, 100)) == [92.63, 75.9], "and over 100 are not scaled down")
        #expect(Self.scores(Self.twoGroups(75, 25)) == [60.33, 56.15])
        #expect(Self.scores(Self.twoGroups(33.33, 50)) == [40.7, 30.67])
        #expect(Self.scores(Self.twoGroups(nil, nil)) == [nil, nil])
    }

    @Test func roundingIsDecimalHalfUp() {
        let one = CourseGrades(groups: [
            AssignmentGroup(id: "1", name: "a", weight: 10, work: [Self.make("1", 194.5, 200)]),
            AssignmentGroup(id: "2", name: "b", weight: 10, work: [Self.make("2", 100, 100)]),
            AssignmentGroup(id: "3", name: "c", weight: 50, work: [Self.make("3", 94.5, 100)]),
            AssignmentGroup(id: "4", name: "d", weight: 30, work: [Self.make("4", 89.5, 100)]),
        ], weightsGroups: true)
        #expect(GradeCalculator(one).total().score == 93.83)
        let two = CourseGrades(groups: [
            AssignmentGroup(id: "1", name: "a", weight: 40, work: [Self.make("1", 81.01, 100)]),
            AssignmentGroup(id: "2", name: "b", weight: 40, work: [Self.make("2", 96.08, 100)]),
        ], weightsGroups: true)
        #expect(GradeCalculator(two).total().score == 88.55)
        let three = CourseGrades(groups: [
            AssignmentGroup(id: "1", name: "a", weight: 50, work: [Self.make("1", 124.46, 148)]),
            AssignmentGroup(id: "2", name: "b", weight: 50, work: [Self.make("2", 144.53, 148)]),
        ], weightsGroups: true)
        #expect(GradeCalculator(three).total().score == 90.88)
        let sum = CourseGrades(groups: [
            AssignmentGroup(id: "1", name: "a", work: [Self.make("1", 110.1, 200)]),
            AssignmentGroup(id: "2", name: "b", work: [Self.make("2", 170.7, 200)]),
        ])
        #expect(GradeCalculator(sum).total().score == 280.8)
    }

    @Test func aWeightedGroupWithNothingGradedLendsItsWeightUntilTheFinalGrade() {
        let grades = CourseGrades(groups: [
            AssignmentGroup(id: "A", name: "A", weight: 60, work: [Self.make("1", 10, 10), Self.make("2", 5, 10)]),
            AssignmentGroup(id: "B", name: "B", weight: 20, work: [Self.make("3", nil, 20)]),
            AssignmentGroup(id: "C", name: "C", weight: 20, work: [Self.make("4", 16, 40)]),
        ], weightsGroups: true)
        #expect(Self.scores(grades) == [66.25, 53])
        let nothing = CourseGrades(groups: [
            AssignmentGroup(id: "A", name: "A", weight: 100, work: [Self.make("1", nil, 5), Self.make("2", nil, 10), Self.make("3", nil, 20)]),
        ], weightsGroups: true)
        let none = GradeCalculator(nothing).total()
        #expect(none.score == nil && none.possible == 0 && none.percent == nil)
        #expect(GradeCalculator(nothing, mode: .final).total().score == 0)
        let unpointed = CourseGrades(groups: [
            AssignmentGroup(id: "A", name: "A", weight: 50, work: [Self.make("1", 10, 0), Self.make("2", 5, 0)]),
            AssignmentGroup(id: "B", name: "B", weight: 50, work: [Self.make("3", 20, 0), Self.make("4", 0, 0)]),
        ], weightsGroups: true)
        #expect(Self.scores(unpointed) == [nil, nil], "groups worth no points don't count by weight")
        var byPoints = unpointed
        byPoints.weightsGroups = false
        #expect(GradeCalculator(byPoints).total().score == 35)
        #expect(GradeCalculator(byPoints).total().percent == nil)
    }

    @Test func lettersByCanvasCutoffs() {
        let scheme = GradingScheme(rows: [
            .init(name: "A", value: 0.9), .init(name: "B+", value: 0.886), .init(name: "B", value: 0.8), .init(name: "C", value: 0.695),
            .init(name: "D", value: 0.555), .init(name: "E", value: 0.545), .init(name: "M", value: 0),
        ])
        let cases: [(Double, String)] = [
            (1005, "A"), (105, "A"), (90, "A"), (89.999, "B+"), (88.6, "B+"), (88.599, "B"), (79.999, "C"),
            (69.5, "C"), (69.499, "D"), (55.5, "D"), (54.5, "E"), (50, "M"), (-100, "M"),
        ]
        for (score, letter) in cases {
            #expect(scheme?.letter(forPercent: score) == letter, "\(score)")
        }
        let noZero = GradingScheme(rows: [.init(name: "A", value: 0.9), .init(name: "E", value: 0.5), .init(name: "B", value: 0.8)])
        #expect(noZero?.letter(forPercent: 40) == "E", "below every cutoff: the last row")
        #expect(GradingScheme.canvasDefault.letter(forPercent: 68.2) == "D+")
        #expect(GradingScheme.canvasDefault.row(named: " b\u{2212} ")?.name == "B-")
        #expect(GradingScheme(rows: []) == nil)
    }

    @Test func theScoreNeededForALetter() throws {
        var grades = CourseGrades(groups: [
            AssignmentGroup(id: "1", name: "Homework", work: [Self.make("h1", 8, 10), Self.make("h2", nil, 10)]),
        ], scheme: .canvasDefault)
        let calculator = GradeCalculator(grades)
        // 8 + s of 20 reaches 90% (A-) at s = 10; 87% (B+) at 9.4; 80% (B-) at 8.
        #expect(calculator.needed("A-", on: "h2") == .atLeast(10))
        #expect(calculator.needed("B+", on: "h2") == .atLeast(9.4))
        #expect(calculator.needed("A", on: "h2") == .unreachable)
        #expect(calculator.needed("F", on: "h2") == .anyScore)
        #expect(calculator.needed("Z", on: "h2") == nil)
        // A half-up rounded 89.995 is 90: the letter is reached a hair below the cutoff.
        grades.groups[0].work = [Self.make("h1", 0, 0), Self.make("h2", nil, 200)]
        #expect(GradeCalculator(grades).needed("A-", on: "h2") == .atLeast(179.99))
        let dropping = CourseGrades(groups: [
            AssignmentGroup(id: "1", name: "Quizzes", rules: DropRules(dropLowest: 1), work: [Self.make("q1", 2, 10), Self.make("q2", 9, 10), Self.make("q3", nil, 10)]),
        ], scheme: .canvasDefault)
        // The 2 is dropped whatever q3 scores above it: 9 + s of 20 reaches 84% (B) at 7.8.
        #expect(GradeCalculator(dropping).needed("B", on: "q3") == .atLeast(7.8))
    }
}
