import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Course pane's Grades section: the total and how it is made, groups with weights and
/// drop rules, what-if scores typed with `w` that move the totals (and back when cleared), the
/// score an assignment needs for a letter with `t`, and no total where the teacher hides it.
@MainActor
struct GradesSectionTests {
    nonisolated static let now = Fixtures.start

    nonisolated static let grades = CourseGrades(
        groups: [
            AssignmentGroup(id: "1", name: "Homework", weight: 40, rules: DropRules(dropLowest: 1), work: [
                GradedWork(id: "h1", name: "Homework 1", pointsPossible: 10, score: 9, statistics: ScoreStatistics(mean: 7.1, low: 3, high: 10)),
                GradedWork(id: "h2", name: "Homework 2", pointsPossible: 10, score: 4),
                GradedWork(id: "h3", name: "Homework 3", pointsPossible: 10),
            ]),
            AssignmentGroup(id: "2", name: "Exams", weight: 60, work: [
                GradedWork(id: "e1", name: "Midterm", pointsPossible: 100, score: 70, grade: "C-"),
                GradedWork(id: "e2", name: "Final", pointsPossible: 100),
            ]),
        ],
        weightsGroups: true, scheme: .canvasDefault, periodTitle: "Fall Q2"
    )

    func state(_ grades: CourseGrades = grades) -> CourseDetailState {
        var state = CourseDetailState(size: PaneSize(width: 80, height: 80, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.loaded(\.grades, .finished(.success(grades))), now: Self.now)
        return state
    }

    func text(_ state: CourseDetailState) -> [String] {
        (state.header + state.lines.map { $0.styled(now: Self.now, glyphs: .unicode) }).map(\.text)
    }

    /// Selects the Grades row of `name` with `n`, as a student would.
    func select(_ name: String, in state: inout CourseDetailState) {
        for _ in 0..<40 where state.selectedGradedWork?.name != name {
            _ = state.update(.key(.character("n")), now: Self.now)
        }
    }

    func type(_ text: String, in state: inout CourseDetailState) {
        for character in text {
            _ = state.update(.key(.character(character)), now: Self.now)
        }
        _ = state.update(.key(.enter), now: Self.now)
    }

    @Test func theSectionShowsTheTotalGroupsRulesAndTheClassesScores() {
        let lines = text(state())
        #expect(lines.contains("Grades · Fall Q2"), "\(lines)")
        // Homework keeps 9/10 (the 4 dropped): 90% of 40, the midterm's 70% of 60: 78%.
        #expect(lines.contains("Total: 78% C+ · by group weight"), "\(lines)")
        #expect(lines.contains("Homework · 40% of the total · 90% (9/10) · drops the lowest 1"), "\(lines)")
        #expect(lines.contains("  Homework 1 · 9/10 · class: mean 7.1, low 3, high 10"), "\(lines)")
        #expect(lines.contains("  Homework 2 · 4/10 · dropped"), "\(lines)")
        #expect(lines.contains("  Homework 3 · –/10"), "\(lines)")
        #expect(lines.contains("  Midterm · 70/100 C-"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("What-if") })
    }

    @Test func aWhatIfScoreMovesTheTotalsAndClearingItMovesThemBack() {
        var state = state()
        select("Final", in: &state)
        _ = state.update(.key(.character("w")), now: Self.now)
        #expect(text(state).first?.hasPrefix("What-if score for Final (of 100): ") == true, "\(text(state))")
        type("95", in: &state)
        var lines = text(state)
        // Exams: 165/200 = 82.5% of 60, homework 90% of 40: 85.5%.
        #expect(lines.contains("What-if: 85.5% B with 1 score of yours (W clears)"), "\(lines)")
        #expect(lines.contains("Total: 78% C+ · by group weight"), "the real total stays beside it")
        #expect(lines.contains("Exams · 60% of the total · 70% (70/100) · what-if 82.5% (165/200)"), "\(lines)")
        #expect(lines.contains("  Final · what-if 95/100"), "\(lines)")
        _ = state.update(.key(.character("W")), now: Self.now)
        lines = text(state)
        #expect(lines.first == "What-if scores cleared", "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("What-if:") || $0.contains("what-if") }, "\(lines)")
        #expect(lines.contains("Total: 78% C+ · by group weight"))
    }

    @Test func aWhatIfScoreCanChangeWhatIsDroppedAndAnEmptyAnswerClearsIt() {
        var state = state()
        select("Homework 3", in: &state)
        _ = state.update(.key(.character("w")), now: Self.now)
        type("80%", in: &state)
        #expect(state.grades.whatIf == ["h3": 8])
        #expect(text(state).contains("  Homework 2 · 4/10 · dropped"))
        _ = state.update(.key(.character("w")), now: Self.now)
        #expect(text(state).first?.hasPrefix("What-if score for Homework 3 (of 10): 8") == true, "the field starts with the score set")
        for _ in 0..<3 { _ = state.update(.key(.backspace), now: Self.now) }
        _ = state.update(.key(.enter), now: Self.now)
        #expect(state.grades.whatIf.isEmpty)
    }

    @Test func aScoreThatIsNotOneStaysInTheFieldWithWhy() {
        var state = state()
        select("Final", in: &state)
        _ = state.update(.key(.character("w")), now: Self.now)
        type("lots", in: &state)
        #expect(state.grades.prompt != nil)
        #expect(text(state).contains("Type points, as 8.5, or a share of them, as 85% (a score from 0 up)"), "\(text(state))")
        _ = state.update(.key(.escape), now: Self.now)
        #expect(state.grades.prompt == nil)
        #expect(state.grades.whatIf.isEmpty)
    }

    @Test func theScoreNeededForALetterOrWhyNone() {
        var state = state()
        select("Final", in: &state)
        _ = state.update(.key(.character("t")), now: Self.now)
        type("b", in: &state)
        // 84% needs exams at (84 - 36) / 60 = 80%: 160 of 200, 90 on the final; 89.99 gives
        // 83.997%, which Canvas rounds to 84.00 and letters B.
        #expect(text(state).contains("Needed for B: 89.99/100 on Final"), "\(text(state))")
        // The answer follows what-if scores typed after it: Homework 3 at 10 lifts Homework to 95%.
        for _ in 0..<5 where state.selectedGradedWork?.name != "Homework 3" {
            _ = state.update(.key(.character("p")), now: Self.now)
        }
        _ = state.update(.key(.character("w")), now: Self.now)
        type("10", in: &state)
        #expect(text(state).contains { $0.hasPrefix("Needed for B: 83.") && $0.hasSuffix("/100 on Final") }, "\(text(state))")
        select("Final", in: &state)
        _ = state.update(.key(.character("t")), now: Self.now)
        type("A", in: &state)
        #expect(text(state).contains("A is not reachable on Final, even with 100/100"), "\(text(state))")
        _ = state.update(.key(.character("t")), now: Self.now)
        type("Z", in: &state)
        #expect(text(state).contains { $0.hasPrefix("No letter \"Z\" in this course; its letters are A, A-, B+") }, "\(text(state))")
    }

    @Test func keysSayWhyTheyCantActYet() {
        var state = state()
        #expect(state.availability(of: .whatIf) == .disabled("Select an assignment under Grades with j/k or n/p first"))
        #expect(state.availability(of: .clearWhatIf) == .disabled("No what-if scores to clear"))
        var unlettered = Self.grades
        unlettered.scheme = nil
        state = self.state(unlettered)
        select("Final", in: &state)
        #expect(state.availability(of: .whatIf) == .enabled)
        #expect(state.availability(of: .needed) == .disabled("This course gives no letter grades"))
    }

    @Test func hiddenTotalsShowNoTotalAndSayWhy() {
        var hidden = Self.grades
        hidden.hidesTotals = true
        var state = state(hidden)
        let lines = text(state)
        #expect(lines.contains("Total: the teacher hides course totals"), "\(lines)")
        #expect(!lines.contains { $0.contains("%") && !$0.contains("of the total") }, "no total of any kind: \(lines)")
        select("Final", in: &state)
        #expect(state.availability(of: .needed) == .disabled("The teacher hides course totals"))
    }

    @Test func aBackendWithoutGroupsHasNoSectionAndAFailureIsItsOwnRow() async {
        var empty = state(CourseGrades(groups: []))
        #expect(!text(empty).contains { $0.hasPrefix("Grades") })
        _ = empty.update(.loaded(\.grades, .finished(.failure(AnnouncementSectionTests.NoNetwork()))), now: Self.now)
        #expect(text(empty).contains { $0.contains("Couldn't load grades: Can't reach school.example") && $0.contains("[r]etry") }, "\(text(empty))")
        #expect(empty.update(.key(.character("r")), now: Self.now).contains(.reload(.grades, keepingValue: false)))
    }

    @Test func thePaneLoadsTheGradesThroughItsClient() async {
        var environment = Fixtures.environment()
        environment.grades = GradesClient(grades: { id, _ in id == Fixtures.swift.id ? Self.grades : nil })
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        let lines = pane.lines(width: 80, height: 80).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Total: 78% C+ · by group weight"), "\(lines)")
    }
}
