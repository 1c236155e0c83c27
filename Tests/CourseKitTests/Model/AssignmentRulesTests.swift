import Foundation
import Testing
@testable import CourseKit

/// What an assignment means beyond its fields: whether a hand-in is owed, whether a grade is
/// hidden, and when its lock puts a hand-in at risk.
struct AssignmentRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        (["online_upload"], true), (["online_text_entry", "online_upload"], true), (["online_quiz"], true), (["discussion_topic"], true),
        (["on_paper"], false), (["none"], false), (["external_tool"], false), (["not_graded"], false), (["wiki_page"], false),
        // Left out, as a catalog may: nothing says the work is done elsewhere.
        ([], true),
    ])
    func canvasExpectsAHandInOnlyForWorkHandedInThroughIt(types: [String], expected: Bool) {
        #expect(Assignment(id: "1", name: "A", submissionTypes: types).expectsSubmission == expected)
    }

    @Test func anAssignmentThatIsNotGradedExpectsNothingEvenWhenItTakesFiles() {
        #expect(!Assignment(id: "1", name: "A", gradingType: .notGraded, submissionTypes: ["online_upload"]).expectsSubmission)
    }

    @Test func aGradeIsHiddenOnlyWhenGradedWithoutScoreGradeOrPostingDate() {
        typealias Submission = Assignment.Submission
        #expect(Submission(state: .graded).isGradeHidden)
        #expect(!Submission(state: .graded, score: 0).isGradeHidden)
        #expect(!Submission(state: .graded, grade: "complete").isGradeHidden)
        #expect(!Submission(state: .graded, isExcused: true).isGradeHidden)
        #expect(!Submission(state: .graded, postedAt: now).isGradeHidden)
        #expect(!Submission(state: .submitted).isGradeHidden, "not graded yet is not a hidden grade")
    }

    @Test func offlineAnyLockAheadIsARisk() {
        let assignment = Assignment(id: "1", name: "A", lockAt: now + 3 * 86_400)
        #expect(assignment.lockRisk(at: now, isFresh: false) == .locksBeforeReachable(now + 3 * 86_400))
        #expect(assignment.lockRisk(at: now, isFresh: true) == nil, "read just now, three days is time enough")
    }

    @Test func onlineOnlyALockWithinTheMarginIsARisk() {
        let soon = Assignment(id: "1", name: "A", lockAt: now + Assignment.handInMargin - 1)
        let later = Assignment(id: "1", name: "A", lockAt: now + Assignment.handInMargin)
        #expect(soon.lockRisk(at: now, isFresh: true) == .locksSoon(now + Assignment.handInMargin - 1))
        #expect(later.lockRisk(at: now, isFresh: true) == nil)
    }

    @Test func aLockPassedWhileTheCopyStillSaysOpenIsARiskEitherWay() {
        let assignment = Assignment(id: "1", name: "A", lockAt: now - 60)
        #expect(assignment.lockRisk(at: now, isFresh: true) == .lockedAlready(now - 60))
        #expect(assignment.lockRisk(at: now, isFresh: false) == .lockedAlready(now - 60))
    }

    @Test func aLockedAssignmentOrOneWithoutLockDateHasNoLockRisk() {
        #expect(Assignment(id: "1", name: "A", isLocked: true, lockAt: now - 60).lockRisk(at: now, isFresh: true) == nil)
        #expect(Assignment(id: "1", name: "A").lockRisk(at: now, isFresh: false) == nil)
    }
}
