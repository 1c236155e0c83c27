import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Course pane's assignments read as Canvas means them: each grading type, grades not
/// released yet, the missing policy's zero, work that owes nothing here, locks, and numbers
/// of any size.
@MainActor
struct AssignmentGradingTests {
    nonisolated static let now = Fixtures.start

    /// The line under the assignment's name, as the pane draws it 100 columns wide.
    func detail(of assignment: Assignment) async -> String? {
        var environment = Fixtures.environment()
        environment.courseClient.assignments = { _, _ in [assignment] }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        let lines = pane.lines(width: 100, height: 40).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = lines.firstIndex(where: { $0.hasSuffix(assignment.name) }), lines.indices.contains(name + 1) else { return nil }
        return lines[name + 1]
    }

    nonisolated static func graded(_ type: Assignment.GradingType?, points: Double? = 100, score: Double?, grade: String?) -> Assignment {
        Assignment(id: "1", name: "Essay", pointsPossible: points, gradingType: type, submissionTypes: ["online_upload"],
                   submission: .init(state: .graded, submittedAt: now - 86_400, attempt: 1, score: score, grade: grade, postedAt: now - 3_600))
    }

    nonisolated static let gradingTypes: [(Assignment, String)] = [
        (graded(.points, score: 87, grade: "87"), "no due date · 100 pts · graded 87/100"),
        (graded(nil, score: 87, grade: "87"), "no due date · 100 pts · graded 87/100"),
        (graded(.percent, score: 87, grade: "87%"), "no due date · 100 pts · graded 87%"),
        (graded(.percent, points: 40, score: 30, grade: nil), "no due date · 40 pts · graded 75%"),
        (graded(.letterGrade, score: 87.5, grade: "B+"), "no due date · 100 pts · graded B+ (87.5/100)"),
        (graded(.gpaScale, score: 92, grade: "3.7"), "no due date · 100 pts · graded 3.7 (92/100)"),
        (graded(.passFail, points: 10, score: 10, grade: "complete"), "no due date · 10 pts · complete"),
        (graded(.passFail, points: 10, score: 0, grade: "incomplete"), "no due date · 10 pts · incomplete"),
        (graded(.points, points: 3, score: 2 / 3, grade: "0.67"), "no due date · 3 pts · graded 0.67/3"),
    ]

    @Test(arguments: gradingTypes)
    func eachGradingTypeReadsAsCanvasShowsIt(assignment: Assignment, expected: String) async {
        #expect(await detail(of: assignment) == expected)
    }

    @Test func aGradeNotReleasedYetSaysSoInsteadOfGraded() async {
        var assignment = Self.graded(.points, score: nil, grade: nil)
        assignment.submission?.postedAt = nil
        #expect(await detail(of: assignment) == "no due date · 100 pts · graded, grade not released yet")
    }

    @Test func theMissingPolicysZeroIsShownWithMissing() async {
        let assignment = Assignment(
            id: "1", name: "Lab 3", dueAt: Self.now - 2 * 86_400, pointsPossible: 10, gradingType: .points, submissionTypes: ["online_upload"],
            submission: .init(state: .graded, isMissing: true, score: 0, grade: "0", postedAt: Self.now - 86_400)
        )
        #expect(await detail(of: assignment) == "was due 2 days ago · 10 pts · missing · 0/10")
    }

    @Test func missingWithItsGradeHeldBackSaysBoth() async {
        let assignment = Assignment(id: "1", name: "Lab 3", pointsPossible: 10, submissionTypes: ["online_upload"],
                                    submission: .init(state: .graded, isMissing: true))
        #expect(await detail(of: assignment) == "no due date · 10 pts · missing · grade not released yet")
    }

    nonisolated static let nothingOwed: [(Assignment, String)] = [
        (Assignment(id: "1", name: "Poster", dueAt: now + 3_600, pointsPossible: 5, submissionTypes: ["on_paper"], submission: .init(state: .unsubmitted)),
         "due in 1 h · 5 pts · on paper"),
        (Assignment(id: "1", name: "Attendance", pointsPossible: 5, submissionTypes: ["none"], submission: .init(state: .unsubmitted)),
         "no due date · 5 pts"),
        (Assignment(id: "1", name: "Simulation", pointsPossible: 5, submissionTypes: ["external_tool"], submission: .init(state: .unsubmitted)),
         "no due date · 5 pts · in an external tool"),
        (Assignment(id: "1", name: "Practice upload", gradingType: .notGraded, submissionTypes: ["online_upload"], submission: .init(state: .unsubmitted)),
         "no due date · not graded"),
    ]

    @Test(arguments: nothingOwed)
    func workThatOwesNothingHereNeverSaysNotSubmitted(assignment: Assignment, expected: String) async {
        #expect(await detail(of: assignment) == expected)
    }

    @Test func anAssignmentOpeningLaterSaysWhenAndOneLockingSaysWhen() async {
        let opens = Assignment(id: "1", name: "Project", dueAt: Self.now + 30 * 86_400, submissionTypes: ["online_upload"], isLocked: true,
                               unlockAt: Self.now + 5 * 3_600, submission: .init(state: .unsubmitted))
        #expect(await detail(of: opens) == DateText.due(Self.now + 30 * 86_400, now: Self.now) + " · opens in 5 h · not submitted")
        let locks = Assignment(id: "1", name: "Quiz", dueAt: Self.now + 3_600, submissionTypes: ["online_upload"],
                               lockAt: Self.now + 2 * 3_600, submission: .init(state: .unsubmitted))
        #expect(await detail(of: locks) == "due in 1 h · locks in 2 h · not submitted")
        let stale = Assignment(id: "1", name: "Lab", submissionTypes: ["online_upload"], lockAt: Self.now - 3 * 3_600,
                               submission: .init(state: .unsubmitted))
        #expect(await detail(of: stale) == "no due date · locked 3 h ago · not submitted")
    }

    nonisolated static let hugeNumbers: [(Double, Double, String)] = [
        (1e19, 1e19, "no due date · 1e19 pts · graded 1e19/1e19"),
        (1.7976931348623157e308, 1e300, "no due date · 1.7976931348623157e308 pts · graded 1e300/1.7976931348623157e308"),
        (-1e19, -0.0, "no due date · -1e19 pts · graded 0/-1e19"),
        (Double(Int.max), .leastNonzeroMagnitude, "no due date · 9.223372036854776e18 pts · graded 0/9.223372036854776e18"),
        (999_999_999_999_999, 12.346, "no due date · 999999999999999 pts · graded 12.35/999999999999999"),
    ]

    @Test(arguments: hugeNumbers)
    func numbersOfAnySizeAreWrittenAndNeverTrap(points: Double, score: Double, expected: String) async {
        #expect(await detail(of: Self.graded(.points, points: points, score: score, grade: nil)) == expected)
    }

    @Test func aPercentOfATinyTotalThatOverflowsFallsBackToTheScore() async {
        #expect(await detail(of: Self.graded(.percent, points: .leastNonzeroMagnitude, score: 1e300, grade: nil)) == "no due date · 0 pts · graded 1e300/0")
    }
}
