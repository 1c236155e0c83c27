import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

@MainActor
struct AssignmentSectionTests {
    let now = Fixtures.start
    let hour: TimeInterval = 3_600

    func pane(_ assignments: @escaping @Sendable (CourseID, LoadProgress) async throws -> [Assignment]) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        environment.courseClient.assignments = assignments
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    @Test func assignmentsComeSoonestDueFirstWithPointsAndTheStudentsStanding() async {
        let now = now
        let pane = await pane { _, _ in [
            Assignment(id: "3", name: "Reading notes", pointsPossible: 2),
            Assignment(id: "2", name: "Essay 2", dueAt: now + 3 * 3_600, pointsPossible: 10, submissionTypes: ["online_upload"],
                       submission: .init(state: .unsubmitted)),
            Assignment(id: "1", name: "Essay 1", dueAt: now - 2 * 86_400, pointsPossible: 10,
                       submission: .init(state: .graded, attempt: 1, isLate: true, score: 8.5)),
            Assignment(id: "4", name: "Lab 1", dueAt: now - 3_600, submission: .init(state: .unsubmitted, isMissing: true)),
            Assignment(id: "5", name: "Lab 2", dueAt: now - 30 * 60, submission: .init(state: .submitted, attempt: 2, isLate: true)),
        ] }
        let lines = pane.lines(width: 60, height: 40).map { $0.trimmingCharacters(in: .whitespaces) }
        let start = lines.firstIndex(of: "Assignments · 5") ?? lines.count
        let section = Array(lines.dropFirst(start + 1).prefix(10))
        #expect(section == [
            "Essay 1", "was due 2 days ago · 10 pts · graded 8.5/10",
            "Lab 1", "was due 1 h ago · missing",
            "Lab 2", "was due 30 min ago · submitted late (attempt 2)",
            "Essay 2", "due in 3 h · 10 pts · not submitted",
            "Reading notes", "no due date · 2 pts",
        ])
    }

    /// On a narrow pane the facts under an assignment wrap, each line under the name's indent, so
    /// a wrapped grade does not read as a heading of its own.
    @Test func factsThatWrapKeepTheirIndent() async {
        let now = now
        let pane = await pane { _, _ in [
            Assignment(id: "1", name: "Essay 1", dueAt: now - 2 * 86_400, pointsPossible: 10,
                       submission: .init(state: .graded, attempt: 1, isLate: true, score: 8.5, grade: "B")),
        ] }
        let lines = pane.lines(width: 34, height: 20)
        let name = lines.firstIndex(of: " Essay 1" + String(repeating: " ", count: 26)) ?? lines.firstIndex { $0.hasPrefix(" Essay 1") }
        let facts = lines.dropFirst((name ?? lines.count) + 1).prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(facts.count >= 2, "the facts wrap at this width: \(lines)")
        #expect(facts.allSatisfy { $0.hasPrefix("     ") }, "\(Array(facts))")
    }

    @Test func aLockedAssignmentSaysWhy() async {
        let pane = await pane { _, _ in [
            Assignment(id: "1", name: "Final project", dueAt: Fixtures.start + 20 * 86_400, isLocked: true,
                       lockExplanation: "This assignment is locked until Quiz 3 is complete."),
        ] }
        let lines = pane.lines(width: 70, height: 40)
        #expect(lines.contains(" 🔒 Final project"))
        #expect(lines.contains("     This assignment is locked until Quiz 3 is complete."))
    }

    /// A teacher's feedback reads as text under the grade, its markup gone and its start only:
    /// a long comment stays a few lines, the rest is on the page `o` opens.
    @Test func feedbackShowsAsPlainTextUnderTheGradeAndALongOneIsCut() async throws {
        let long = String(repeating: "Cite your sources. ", count: 60)
        let pane = await pane { _, _ in [
            Assignment(id: "1", name: "Essay 1", dueAt: Fixtures.start - 86_400, pointsPossible: 10,
                       submission: .init(state: .graded, score: 9, feedbackHTML: "<p>Good <b>work</b>!\u{1B}[31m</p>")),
            Assignment(id: "2", name: "Essay 2", dueAt: Fixtures.start + 86_400, pointsPossible: 10,
                       submission: .init(state: .graded, score: 7, feedbackHTML: "<p>\(long)</p>")),
        ] }
        let lines = pane.lines(width: 70, height: 60).map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(lines.firstIndex(of: "Essay 1"))
        #expect(lines.dropFirst(first + 2).first == "Feedback: Good work!", "markup and escapes gone: \(lines)")
        let feedback = lines.drop { !$0.hasPrefix("Feedback: Cite") }.prefix { !$0.isEmpty }
        let shown = feedback.joined(separator: " ")
        #expect(shown.count < long.count / 2, "a long comment is cut: \(feedback)")
        #expect(shown.count >= AssignmentLayout.feedbackShown - 20)
    }

    @Test func aFailedSectionHasItsOwnRowAndRetryReloadsIt() async {
        let calls = Recorder<Int>()
        let pane = await pane { _, _ in
            calls.append(1)
            if calls.values.count == 1 { throw CourseClient.Failure(userMessage: "timed out") }
            return [Assignment(id: "1", name: "Essay 1")]
        }
        #expect(pane.lines(width: 80, height: 40).contains(" ❗ Couldn't load assignments: timed out  [r]etry"))
        #expect(pane.lines(width: 80, height: 40).contains(" Welcome"), "the syllabus still shows")
        #expect(pane.handle(.character("r")))
        await settle { !pane.isAnimating }
        #expect(pane.lines(width: 80, height: 40).contains(" Essay 1"))
    }

    nonisolated static let relative: [(TimeInterval, String)] = [
        (90, "due in 1 min"), (2_700, "due in 45 min"), (18_000, "due in 5 h"), (-10_800, "was due 3 h ago"), (-432_000, "was due 5 days ago"),
    ]

    @Test(arguments: relative)
    func dueDatesNearNowAreRelative(offset: TimeInterval, text: String) {
        #expect(DateText.due(Fixtures.start + offset, now: Fixtures.start) == text)
    }

    @Test func farDueDatesAreADay() {
        let utc = TimeZone(identifier: "UTC") ?? .current
        // 2026-09-07 12:00 UTC is a Monday; ten days on, a Thursday.
        #expect(DateText.due(Fixtures.start + 10 * 86_400, now: Fixtures.start, timeZone: utc) == "due Thu 17 Sep 12:00")
    }
}
