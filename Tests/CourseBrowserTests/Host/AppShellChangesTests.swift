import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// What changed since the student last looked, across the shell: the list's count from the
/// planner, the Course pane's marks on its rows, and both cleared once the course is opened.
@MainActor
struct AppShellChangesTests {
    nonisolated static let day = PlannerFixtures.day
    /// Thursday 10 September 2026, noon UTC: where the lab was due when the student last looked.
    nonisolated static let labWasDue = Fixtures.start + 3 * day
    /// Monday 14 September 2026, noon UTC: where it is due now.
    nonisolated static let labIsDue = Fixtures.start + 7 * day

    /// SWIFT-101 as the student saw it two days before the start: the lab and an essay not graded yet.
    nonisolated static let record = SeenCourse(
        recordedAt: Fixtures.start - 2 * day,
        assignments: ["5003": .init(dueAt: labWasDue, isGraded: false), "5001": .init(dueAt: Fixtures.start - 2 * day, isGraded: false)]
    )

    /// The course now: the lab moved, the essay graded, and a quiz that was not there.
    nonisolated static let assignments = [
        Assignment(id: "5003", name: "Lab 3: closures", dueAt: labIsDue, pointsPossible: 10),
        Assignment(id: "5001", name: "Essay: why Swift", dueAt: Fixtures.start - 2 * day, pointsPossible: 10,
                   submission: .init(state: .graded, score: 8, postedAt: Fixtures.start - day)),
        Assignment(id: "5004", name: "Quiz 4", dueAt: Fixtures.start + 5 * day, pointsPossible: 5),
    ]

    /// What the planner shows of it: the moved lab and the new quiz in SWIFT-101, and a lesson in a
    /// course never recorded.
    nonisolated static let planner = [
        PlannerFixtures.assignment(5003, "Lab 3: closures", in: 7 * day),
        PlannerFixtures.assignment(5004, "Quiz 4", in: 5 * day),
        PlannerItem(id: "assignment:6001", kind: .assignment, title: "Kanji 1", courseID: Fixtures.japanese.id, date: Fixtures.start + day, assignmentID: "6001"),
    ]

    func started(_ seen: SeenClient) async -> AppShell {
        var environment = Fixtures.environment().planning(Self.planner)
        environment.courseClient.assignments = { _, _ in Self.assignments }
        environment.seen = seen
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { !shell.isAnimating }
        return shell
    }

    func row(_ name: String, in lines: [String]) -> String {
        lines.first { $0.contains(name) } ?? ""
    }

    func openSwift(in shell: AppShell) async {
        for _ in 0..<5 where shell.list.state.selectedCourse?.id != Fixtures.swift.id {
            _ = shell.handle(.down)
        }
        #expect(shell.handle(.enter) == .handled)
        await settle { !shell.isAnimating }
    }

    @Test func theListCountsWhatChangedAndTheCourseMarksItUntilItIsOpened() async {
        let seen = SeenClient.inMemory()
        seen.record(Fixtures.swift.id, Self.record)
        let shell = await started(seen)
        let before = shell.lines(width: 80, height: 24)
        #expect(row("Lập trình Swift", in: before).contains("●2"), "the moved lab and the new quiz: \(before)")
        #expect(!row("日本語入門", in: before).contains("●"), "a course never recorded has nothing new")
        #expect(seen.seen(Fixtures.japanese.id)?.assignments["6001"] != nil, "it has a baseline now")

        await openSwift(in: shell)
        let course = shell.detail.lines(width: 70, height: 40).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(course.contains("Quiz 4"))
        #expect(course.contains("● new"))
        #expect(course.contains("● due date moved: Thu 10 Sep → Mon 14 Sep"))
        #expect(course.contains("● new grade"))
        let after = shell.lines(width: 80, height: 24)
        #expect(!row("Lập trình Swift", in: after).contains("●"), "opening the course cleared its mark: \(after)")
        #expect(seen.seen(Fixtures.swift.id)?.window == nil, "recorded from the whole course")
    }

    /// A comment since the course was looked at marks the assignment, and the course in the list
    /// where the planner says the teacher commented.
    @Test func aNewCommentIsWhatChanged() async {
        var record = SeenCourse(assignments: Self.assignments, recordedAt: Fixtures.start - 86_400, after: nil)
        for id in record.assignments.keys { record.assignments[id]?.feedback = "" }
        let seen = SeenClient.inMemory()
        seen.record(Fixtures.swift.id, record)
        var environment = Fixtures.environment().planning(Self.planner.map { item in
            var commented = item
            commented.status?.hasFeedback = true
            return commented
        })
        let graded = Self.assignments.map { assignment in
            var commented = assignment
            commented.submission = Assignment.Submission(state: .graded, comments: [SubmissionComment(id: "9", author: "Dr. Chen", text: "See me.")])
            return commented
        }
        environment.courseClient.assignments = { _, _ in graded }
        environment.seen = seen
        let shell = AppShell(environment: environment)
        shell.start()
        await settle { !shell.isAnimating }
        #expect(row("Lập trình Swift", in: shell.lines(width: 80, height: 24)).contains("●"), "the planner says the teacher commented")
        await openSwift(in: shell)
        let course = shell.detail.lines(width: 70, height: 60).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(course.contains { $0.hasPrefix("●") && $0.contains("new feedback") }, "\(course)")
    }

    @Test func theNextStartAfterOpeningTheCourseMarksNothing() async {
        let seen = SeenClient.inMemory()
        seen.record(Fixtures.swift.id, Self.record)
        await openSwift(in: await started(seen))
        let next = await started(seen)
        #expect(!next.lines(width: 80, height: 24).contains { $0.contains("●") })
        await openSwift(in: next)
        #expect(!next.detail.lines(width: 70, height: 40).contains { $0.contains("●") })
    }

    @Test func aFirstStartRecordsABaselineAndMarksNothing() async {
        let seen = SeenClient.inMemory()
        let shell = await started(seen)
        #expect(!shell.lines(width: 80, height: 24).contains { $0.contains("●") })
        let baseline = seen.seen(Fixtures.swift.id)
        #expect(baseline?.assignments.keys.sorted() == ["5003", "5004"])
        #expect(baseline?.window == DateInterval(start: Fixtures.start - 14 * Self.day, end: Fixtures.start + 28 * Self.day))
    }
}
