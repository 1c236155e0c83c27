import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit

/// Canvas assignment objects as a student gets them from `GET /courses/:id/assignments?include[]=submission`:
/// grading types, lock and unlock dates, grades not posted yet, and numbers no field can hold.
struct CanvasAssignmentTests {
    func decode(_ json: String) throws -> Assignment {
        try JSONDecoder().decode(CanvasAssignment.self, from: Data(json.utf8)).assignment
    }

    /// What the assignments section of a catalog says when it can't be read.
    func refusal(_ assignmentsJSON: String) -> String? {
        let json = #"{"courses": [{"id": 1, "assignments": ["# + assignmentsJSON + "]}]}"
        do {
            let index = try CatalogIndex(bytes: Array(json.utf8), source: "test.json")
            _ = try index.assignments(CourseID(1))
            return nil
        } catch let CatalogError.malformed(_, detail) {
            return detail
        } catch {
            return "unexpected \(error)"
        }
    }

    /// A graded submission whose grade the teacher has not posted: Canvas leaves `score`,
    /// `grade`, `entered_score` and `entered_grade` out and sends `posted_at: null`.
    @Test func aGradeNotPostedYetIsHiddenThoughTheStateSaysGraded() throws {
        let assignment = try decode(#"""
            {"id": 4101, "name": "Essay 2", "due_at": "2026-11-20T23:59:00Z", "lock_at": null, "unlock_at": null,
             "points_possible": 20.0, "grading_type": "points", "submission_types": ["online_upload"],
             "locked_for_user": false,
             "submission": {"id": 88, "assignment_id": 4101, "user_id": 7, "attempt": 1, "workflow_state": "graded",
                            "submitted_at": "2026-11-19T10:00:00Z", "graded_at": "2026-11-22T09:00:00Z", "posted_at": null,
                            "late": false, "missing": false, "excused": null, "submission_type": "online_upload"}}
            """#)
        let submission = try #require(assignment.submission)
        #expect(submission.state == .graded)
        #expect(submission.score == nil && submission.grade == nil && submission.postedAt == nil)
        #expect(submission.isGradeHidden)
    }

    @Test func aPostedGradeComesWithItsScoreGradeAndWhenItWasPosted() throws {
        let assignment = try decode(#"""
            {"id": 4102, "name": "Quiz 1", "points_possible": 100, "grading_type": "letter_grade", "submission_types": ["online_quiz"],
             "submission": {"workflow_state": "graded", "score": 87.5, "grade": "B+", "entered_score": 87.5, "entered_grade": "B+",
                            "posted_at": "2026-11-23T08:00:00Z"}}
            """#)
        #expect(assignment.gradingType == .letterGrade)
        let submission = try #require(assignment.submission)
        #expect(submission.score == 87.5 && submission.grade == "B+")
        #expect(submission.postedAt == Date(timeIntervalSince1970: 1_795_420_800))
        #expect(!submission.isGradeHidden)
    }

    /// Canvas's missing-submission policy grades a missing submission by itself: `graded`,
    /// still `missing`, with the policy's score and its grade.
    @Test func theMissingPolicysAutomaticZeroIsAScore() throws {
        let assignment = try decode(#"""
            {"id": 4103, "name": "Lab 3", "points_possible": 10, "grading_type": "points", "submission_types": ["online_upload"],
             "submission": {"workflow_state": "graded", "missing": true, "late": false, "score": 0.0, "grade": "0",
                            "submitted_at": null, "attempt": null, "posted_at": "2026-11-18T00:05:00Z"}}
            """#)
        let submission = try #require(assignment.submission)
        #expect(submission.isMissing && submission.score == 0 && !submission.isGradeHidden)
    }

    @Test(arguments: [
        ("points", Assignment.GradingType.points), ("percent", .percent), ("letter_grade", .letterGrade), ("gpa_scale", .gpaScale),
        ("pass_fail", .passFail), ("not_graded", .notGraded),
    ])
    func everyGradingTypeCanvasNamesIsRead(name: String, type: Assignment.GradingType) throws {
        #expect(try decode(#"{"id": 1, "grading_type": "\#(name)"}"#).gradingType == type)
    }

    @Test func aGradingTypeNotKnownHereIsLeftUnsaid() throws {
        #expect(try decode(#"{"id": 1, "grading_type": "rubric_stars"}"#).gradingType == nil)
        #expect(try decode(#"{"id": 1}"#).gradingType == nil)
    }

    @Test func lockAndUnlockDatesAreTheStudentsOwn() throws {
        let assignment = try decode(#"""
            {"id": 4104, "name": "Project", "unlock_at": "2027-04-01T00:00:00Z", "due_at": "2027-04-20T23:59:00Z",
             "lock_at": "2027-04-22T23:59:00Z", "locked_for_user": true,
             "lock_explanation": "This assignment is locked until Apr 1, 2027 at 12am."}
            """#)
        #expect(assignment.unlockAt == Date(timeIntervalSince1970: 1_806_537_600))
        #expect(assignment.lockAt == Date(timeIntervalSince1970: 1_808_438_340))
        #expect(assignment.isLocked)
    }

    @Test func hugeAndNegativeNumbersThatFitADoubleAreKept() throws {
        let assignment = try decode(#"{"id": 1, "points_possible": 1.7976931348623157e308, "submission": {"score": -0, "attempt": 2147483647}}"#)
        #expect(assignment.pointsPossible == .greatestFiniteMagnitude)
        #expect(assignment.submission?.score == 0)
        #expect(assignment.submission?.attempt == Int(Int32.max))
    }

    /// Swift's decoder calls these "not valid JSON" for the whole document; read here, the
    /// section's error row names the field and what is wrong with it.
    @Test(arguments: [
        (#"{"id": 1, "points_possible": 1e400}"#, "courses[0].assignments[0].points_possible: the number is out of range"),
        (#"{"id": 1, "submission": {"score": -1e309}}"#, "courses[0].assignments[0].submission.score: the number is out of range"),
        (#"{"id": 1, "submission": {"attempt": 1.5}}"#, "courses[0].assignments[0].submission.attempt: the number 1.5 is not a whole number"),
        (#"{"id": 1, "submission": {"attempt": 1e19}}"#, "courses[0].assignments[0].submission.attempt: the number 10000000000000000000 is too large"),
        (#"{"id": 1, "submission": {"attempt": 9223372036854775807}}"#, "courses[0].assignments[0].submission.attempt: the number 9223372036854775807 is too large"),
        (#"{"id": 1, "points_possible": "10"}"#, "courses[0].assignments[0].points_possible: expected a number"),
    ])
    func aNumberNoFieldCanHoldIsRefusedByName(json: String, detail: String) {
        #expect(refusal(json) == detail)
    }

    @Test func aModulePositionBeyondCanvassRangeIsRefusedByName() throws {
        let json = #"{"courses": [{"id": 1, "modules": [{"id": 2, "position": 4294967296}]}]}"#
        let index = try CatalogIndex(bytes: Array(json.utf8), source: "test.json")
        #expect(throws: CatalogError.malformed(path: "test.json", detail: "courses[0].modules[0].position: the number 4294967296 is too large")) {
            try index.modules(CourseID(1))
        }
    }
}
