import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Grades section of a course whose backend computes its own totals (Moodle): its figures
/// as reported, each category's weight and total, each item's weight, status and feedback, and
/// no what-if, with the reason said.
@MainActor
struct ReportedGradesSectionTests {
    nonisolated static let now = GradesSectionTests.now

    nonisolated static let grades = CourseGrades(
        groups: [
            AssignmentGroup(id: "c2", name: "Homework", weight: 80, work: [
                GradedWork(id: "301", name: "Essay", pointsPossible: 20, score: 17, weight: 100, feedback: "Good & clear."),
                GradedWork(id: "302", name: "Quiz 1", pointsPossible: 10, weight: 0),
            ], reported: ReportedGrade(score: 17, maximum: 20)),
            AssignmentGroup(id: "c1", name: "", work: [
                GradedWork(id: "item 14", name: "Participation", pointsPossible: 5, score: 3, grade: "Good", weight: 20),
                GradedWork(id: "item 15", name: "Bonus", pointsPossible: 2, score: 1, weight: 10, reportedStatus: .extraCredit),
                GradedWork(id: "item 16", name: "Lab 1", pointsPossible: 10, score: 2, weight: 0, reportedStatus: .dropped),
                GradedWork(id: "item 17", name: "Lab 2", pointsPossible: 10, isGradeHidden: true),
            ]),
        ],
        reporter: "Moodle", reportedTotal: ReportedGrade(score: 20, maximum: 25, text: "B-")
    )

    /// The Canvas section's tests open a course and read its lines the same way.
    let section = GradesSectionTests()

    func state(_ grades: CourseGrades = grades) -> CourseDetailState {
        section.state(grades)
    }

    func text(_ state: CourseDetailState) -> [String] {
        section.text(state)
    }

    @Test func theFiguresAreShownAsTheBackendReportsThem() {
        let lines = text(state())
        #expect(lines.contains("Total: 80% (20/25) B- · as Moodle computes it"), "\(lines)")
        #expect(lines.contains("Homework · weight 80% · 85% (17/20)"), "\(lines)")
        #expect(lines.contains("  Essay · 17/20 · weight 100%"), "\(lines)")
        #expect(lines.contains("    Feedback: Good & clear."), "\(lines)")
        #expect(lines.contains("  Quiz 1 · –/10"), "an empty grade's weight of 0 says nothing: \(lines)")
        #expect(lines.contains("  Participation · 3/5 Good · weight 20%"), "\(lines)")
        #expect(lines.contains("  Bonus · 1/2 · weight 10% · extra credit"), "\(lines)")
        #expect(lines.contains("  Lab 1 · 2/10 · weight 0% · dropped"), "\(lines)")
        #expect(lines.contains("  Lab 2 · grade not released yet"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("Course total") }, "the course's own items need no heading")
    }

    @Test func aHiddenTotalIsSaidToBeHidden() {
        var hidden = Self.grades
        hidden.hidesTotals = true
        #expect(text(state(hidden)).contains("Total: the teacher hides the course total"))
    }

    @Test func whatIfAndNeededSayWhyTheyAreNotHere() {
        var state = state()
        for _ in 0..<3 { _ = state.update(.key(.character("n")), now: Self.now) }
        #expect(state.selectedGradedWork != nil)
        let reason = "What-if works on Canvas courses: Moodle adds this course's grades up by rules it doesn't share"
        #expect(state.availability(of: .whatIf) == .disabled(reason))
        #expect(state.availability(of: .needed) == .disabled(reason))
    }
}
