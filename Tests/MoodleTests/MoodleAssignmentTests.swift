import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// A course's assignments (`CourseClient.moodle` `assignments`, `MoodleAssignment`): settings from
/// `mod_assign_get_assignments`, where the student stands from one `mod_assign_get_submission_status` each.
struct MoodleAssignmentTests {
    typealias F = AssignFixtures
    let http = MoodleScriptedHTTP()

    static let statement = "<p>This is my own work &amp; nobody else&#039;s.</p>"

    /// Serves `assigns` (instance ID, JSON) with `statuses` by instance ID.
    func serve(_ assigns: [(Int, String)], statuses: [Int: String]) {
        http.on("mod_assign_get_assignments", json: F.assignments(assigns.map(\.1)))
        http.on("mod_assign_get_submission_status", { sent in
            guard let id = sent.field("assignid").flatMap(Int.init), let status = statuses[id] else {
                return .json(wsError("dml_missing_record_exception", "invalidrecord", "Can't find data record in database table assign."))
            }
            return .json(status)
        })
    }

    func assignments() async throws -> [Assignment] {
        try await CourseClient.moodle(TestSite.connection(http)).assignments(CourseID(5), .ignored)
    }

    func day(_ days: Double) -> Int { TestSite.seconds(days: days) }
    func date(_ days: Double) -> Date { TestSite.date(days: days) }

    @Test func anOpenAssignmentHasItsDatesLimitsAndStatementFromItsSettings() async throws {
        serve([(11, F.assign(
            id: 11, cmid: 101, name: "Essay &amp; reflection", due: day(3), opens: day(-10), cutoff: day(5), drafts: true,
            statement: Self.statement, configs: F.configs(onlinetext: true, maxFiles: "3", maxBytes: "1048576", types: ".pdf,.docx")
        ))], statuses: [11: F.status(submission: F.submission(status: "draft", modified: day(-1)), extended: day(7))])
        let essay = try #require(try await assignments().first)
        #expect(essay.id == "101", "the course module's ID, as the site's addresses and the calendar name it")
        #expect(essay.name == "Essay & reflection")
        #expect(essay.dueAt == date(7), "an extension later than the due date wins")
        #expect(essay.unlockAt == date(-10))
        #expect(essay.lockAt == date(7), "the extension also moves the cut-off")
        #expect(essay.pointsPossible == 100)
        #expect(essay.gradingType == .points)
        #expect(essay.submissionTypes == ["online_upload", "online_text_entry"])
        #expect(essay.acceptsUploads)
        #expect(essay.allowedExtensions == ["pdf", "docx"])
        #expect(essay.maxFileCount == 3)
        #expect(essay.maxFileBytes == 1_048_576)
        #expect(essay.submissionStatement == "This is my own work & nobody else's.")
        #expect(!essay.isLocked)
        #expect(essay.lockExplanation == nil)
        #expect(essay.htmlURL?.absoluteString == "https://learn.example.edu/mod/assign/view.php?id=101")
        let submission = try #require(essay.submission)
        #expect(submission.state == .unsubmitted, "a draft is not handed in")
        #expect(submission.attempt == nil)
        #expect(submission.attemptOfNextHandIn == 1)
        #expect(submission.submittedAt == nil)
        #expect(!submission.isLate)
        #expect(!submission.isMissing)
    }

    @Test func theSettingsComeInOneCallAndEachStatusByTheAssignmentsOwnID() async throws {
        serve([
            (11, F.assign(id: 11, cmid: 101, name: "A", due: day(3))),
            (12, F.assign(id: 12, cmid: 102, name: "B", due: day(4))),
            (13, F.assign(id: 13, cmid: 103, name: "C", due: day(5))),
        ], statuses: [11: F.status(), 12: F.status(), 13: F.status()])
        let list = try await assignments()
        #expect(list.map(\.id) == ["101", "102", "103"], "in the order Moodle lists them")
        let settings = http.calls("mod_assign_get_assignments")
        #expect(settings.count == 1)
        #expect(settings.first?.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["courseids[0]=5"])
        let statuses = http.calls("mod_assign_get_submission_status")
        #expect(statuses.compactMap { $0.field("assignid") }.sorted() == ["11", "12", "13"])
        #expect(statuses.allSatisfy { $0.field("moodlewssettingraw") == nil }, "shown text is formatted")
    }

    @Test func anAssignmentNotOpenYetIsLockedUntilItOpens() async throws {
        serve([(12, F.assign(id: 12, cmid: 102, name: "Lab 2", due: day(9), opens: day(2)))], statuses: [12: F.status(canedit: false)])
        let lab = try #require(try await assignments().first)
        #expect(lab.isLocked)
        #expect(lab.lockExplanation == "it does not accept submissions yet")
        #expect(lab.unlockAt == date(2))
        #expect(lab.submission?.isMissing == false)
    }

    @Test func anAssignmentPastItsCutOffIsLockedAndMissingWhenNothingWasHandedIn() async throws {
        serve([(13, F.assign(id: 13, cmid: 103, name: "Lab 1", due: day(-3), opens: day(-20), cutoff: day(-1)))], statuses: [13: F.status(canedit: false)])
        let lab = try #require(try await assignments().first)
        #expect(lab.isLocked)
        #expect(lab.lockExplanation == "its cut-off date has passed, so Moodle accepts nothing more")
        #expect(lab.lockAt == date(-1))
        #expect(lab.submission?.isMissing == true)
        #expect(lab.submission?.state == .unsubmitted)
    }

    @Test func aSubmissionHandedInForGradingIsLockedAndLateWhenAfterTheDueDate() async throws {
        let handedIn = F.submission(status: "submitted", modified: day(-1), files: [F.submittedFile("report.pdf", size: 2048)])
        serve([(14, F.assign(id: 14, cmid: 104, name: "Report", due: day(-2), drafts: true))], statuses: [14: F.status(submission: handedIn, canedit: false)])
        let report = try #require(try await assignments().first)
        #expect(report.isLocked)
        #expect(report.lockExplanation == "it is submitted for grading; only the teacher can revert it to a draft")
        let submission = try #require(report.submission)
        #expect(submission.state == .submitted)
        #expect(submission.attempt == 1)
        #expect(submission.submittedAt == date(-1))
        #expect(submission.isLate)
        #expect(!submission.isMissing)
        #expect(submission.attemptOfNextHandIn == 1, "a hand-in replaces the current attempt until the teacher opens another")
    }

    @Test func anAssignmentTheTeacherLockedSaysSo() async throws {
        serve([(15, F.assign(id: 15, cmid: 105, name: "Poster", due: day(4)))], statuses: [15: F.status(canedit: false, locked: true)])
        let poster = try #require(try await assignments().first)
        #expect(poster.isLocked)
        #expect(poster.lockExplanation == "submissions are locked by the teacher")
    }

    @Test func aReleasedGradeComesWithItsScoreAndFeedback() async throws {
        let handedIn = F.submission(status: "submitted", modified: day(-11), files: [F.submittedFile("writeup.pdf", size: 4000)])
        serve([(16, F.assign(id: 16, cmid: 106, name: "Quiz write-up", due: day(-10)))], statuses: [
            16: F.status(submission: handedIn, graded: true, gradingstatus: "graded", feedback: F.feedback(graded: day(-5))),
        ])
        let writeup = try #require(try await assignments().first)
        let submission = try #require(writeup.submission)
        #expect(submission.state == .graded)
        #expect(submission.score == 85)
        #expect(submission.grade?.replacing("\u{00A0}", with: " ") == "85.00 / 100.00")
        #expect(submission.postedAt == date(-5))
        #expect(submission.feedbackHTML == "<p>Well done &amp; thorough.</p>")
        #expect(submission.comments?.count == 1, "the feedback, as one comment a new grading replaces")
        #expect(submission.comments?.first?.attachments == [])
        #expect(submission.attempt == 1)
        #expect(!submission.isLate)
        #expect(!submission.isGradeHidden)
        #expect(!writeup.isLocked)
    }

    @Test func aGradeNotReleasedYetIsHidden() async throws {
        let handedIn = F.submission(status: "submitted", modified: day(-4), files: [F.submittedFile("slides.pdf", size: 9000)])
        serve([(17, F.assign(id: 17, cmid: 107, name: "Presentation", due: day(-3)))], statuses: [
            17: F.status(submission: handedIn, graded: true, gradingstatus: "readyforrelease"),
        ])
        let submission = try #require(try await assignments().first?.submission)
        #expect(submission.state == .graded)
        #expect(submission.score == nil)
        #expect(submission.grade == nil)
        #expect(submission.postedAt == nil)
        #expect(submission.feedbackHTML == nil)
        #expect(submission.comments == [])
        #expect(submission.isGradeHidden)
    }

    @Test func aScaleGradedOnlineTextAssignmentTakesNoFiles() async throws {
        serve([(18, F.assign(id: 18, cmid: 108, name: "Scale work", due: day(6), grade: -3, configs: F.configs(file: false, onlinetext: true)))],
              statuses: [18: F.status()])
        let work = try #require(try await assignments().first)
        #expect(work.submissionTypes == ["online_text_entry"])
        #expect(!work.acceptsUploads)
        #expect(work.gradingType == .letterGrade)
        #expect(work.pointsPossible == nil)
        #expect(work.allowedExtensions == [])
        #expect(work.maxFileCount == nil)
        #expect(work.maxFileBytes == nil)
        #expect(work.submissionStatement == nil)
    }

    @Test func anAssignmentWithoutOnlineSubmissionsTakesNothingAndIsNotLocked() async throws {
        serve([(19, F.assign(id: 19, cmid: 109, name: "Field trip", due: day(8), nosubmissions: true, grade: 0, configs: F.configs(file: false)))],
              statuses: [19: F.status(canedit: false)])
        let trip = try #require(try await assignments().first)
        #expect(trip.submissionTypes == ["none"])
        #expect(!trip.isLocked, "nothing to hand in is nothing locked")
        #expect(trip.gradingType == nil)
    }

    @Test
    func anAssignmentWithoutOnlineSubmissionsIsNeverMissing() async throws {
        serve([(19, F.assign(id: 19, cmid: 109, name: "Field trip", due: day(-8), nosubmissions: true, configs: F.configs(file: false)))],
              statuses: [19: F.status(canedit: false, graded: true, gradingstatus: "graded", feedback: F.feedback(graded: day(-2)))])
        let trip = try #require(try await assignments().first)
        #expect(trip.submission?.state == .graded)
        #expect(trip.submission?.isMissing == false)
    }

    @Test
    func feedbackWithoutAGradeGivesNoScore() async throws {
        let handedIn = F.submission(status: "submitted", modified: day(-6), files: [F.submittedFile("draft.pdf", size: 100)])
        serve([(20, F.assign(id: 20, cmid: 110, name: "Outline", due: day(-5)))], statuses: [
            20: F.status(submission: handedIn, feedback: F.feedback(grade: "-1.00000", display: "-", graded: day(-1), comments: "<p>See me after class.</p>")),
        ])
        let submission = try #require(try await assignments().first?.submission)
        #expect(submission.feedbackHTML == "<p>See me after class.</p>")
        #expect(submission.score == nil, "-1 is Moodle's \"no grade\"")
        #expect(submission.grade == nil)
    }

    @Test func aFailingStatusFailsTheSection() async throws {
        serve([(11, F.assign(id: 11, cmid: 101, name: "A", due: day(3))), (12, F.assign(id: 12, cmid: 102, name: "B", due: day(3)))],
              statuses: [11: F.status()])
        let error = await thrownError { _ = try await assignments() }
        #expect((error as? MoodleError).map { if case .exception = $0 { true } else { false } } == true, "\(String(describing: error))")
    }
}
