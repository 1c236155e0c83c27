import Foundation
import Testing
@testable import CourseBrowser
import CourseKit

/// Where the `s` picker starts: on what is to be handed in next, never on work already handed
/// in or closed.
struct AssignmentPickerTests {
    static let now = Fixtures.start

    static func assignment(
        _ id: String, dueIn seconds: TimeInterval?, submission: Assignment.Submission? = .init(state: .unsubmitted),
        isLocked: Bool = false, unlockIn: TimeInterval? = nil, lockIn: TimeInterval? = nil
    ) -> Assignment {
        Assignment(
            id: id, name: "A\(id)", dueAt: seconds.map { now + $0 }, submissionTypes: ["online_upload"], isLocked: isLocked,
            unlockAt: unlockIn.map { now + $0 }, lockAt: lockIn.map { now + $0 }, submission: submission
        )
    }

    func started(_ assignments: [Assignment]) -> String? {
        var picker = AssignmentPicker(assignments: AssignmentLayout.sorted(assignments))
        picker.preselect(now: Self.now)
        return picker.selected?.id
    }

    @Test func itStartsOnTheSoonestDueThatIsOpenAndNotHandedIn() {
        let graded = Self.assignment("1", dueIn: -20 * 86_400, submission: .init(state: .graded, submittedAt: Self.now - 21 * 86_400, attempt: 1, score: 17))
        let handedIn = Self.assignment("2", dueIn: 3_600, submission: .init(state: .submitted, submittedAt: Self.now - 60, attempt: 1))
        let locked = Self.assignment("3", dueIn: 2 * 3_600, isLocked: true)
        let notOpenYet = Self.assignment("4", dueIn: 3 * 3_600, unlockIn: 600)
        let closed = Self.assignment("5", dueIn: -60, lockIn: -30)
        let excused = Self.assignment("6", dueIn: 4 * 3_600, submission: .init(state: .graded, isExcused: true))
        let later = Self.assignment("8", dueIn: 7 * 86_400)
        let next = Self.assignment("7", dueIn: 2 * 86_400)
        let undated = Self.assignment("9", dueIn: nil)
        #expect(started([graded, handedIn, locked, notOpenYet, closed, excused, later, next, undated]) == "7")
    }

    @Test func undatedComesAfterDatedThenWhatIsOverdueButStillOpen() {
        let overdue = Self.assignment("1", dueIn: -2 * 86_400)
        let lessOverdue = Self.assignment("2", dueIn: -86_400, lockIn: 86_400)
        let undated = Self.assignment("3", dueIn: nil)
        #expect(started([overdue, lessOverdue, undated]) == "3")
        #expect(started([overdue, lessOverdue]) == "2", "the most recently due of those still open")
    }

    @Test func withNothingToHandInItKeepsTheFirstRow() {
        let graded = Self.assignment("1", dueIn: -86_400, submission: .init(state: .graded, submittedAt: Self.now - 2 * 86_400, attempt: 1))
        let locked = Self.assignment("2", dueIn: 86_400, isLocked: true)
        #expect(started([graded, locked]) == "1")
    }

    @Test func aPickerAlreadyMovedIsLeftWhereTheStudentPutIt() {
        let first = Self.assignment("1", dueIn: -86_400, submission: .init(state: .submitted, submittedAt: Self.now - 2 * 86_400, attempt: 1))
        let next = Self.assignment("2", dueIn: 86_400)
        var picker = AssignmentPicker(assignments: [first, next])
        _ = picker.handle(.character("A"))
        _ = picker.handle(.character("1"))
        picker.preselect(now: Self.now)
        #expect(picker.selected?.id == "1")
    }
}
