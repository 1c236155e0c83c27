import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `SubmissionTransport.moodle` `attempts`: every attempt at an assignment as the upload engine
/// counts them, from its submission status.
struct MoodleAttemptsTests {
    typealias F = AssignFixtures
    let http = MoodleScriptedHTTP()

    var transport: SubmissionTransport { .moodle(TestSite.connection(http)) }

    func day(_ days: Double) -> Int { TestSite.seconds(days: days) }

    func serve(status: String, due: Int? = nil) {
        http.on("mod_assign_get_assignments", json: F.assignments([
            F.assign(id: 10, cmid: 100, name: "Other", due: day(3)),
            F.assign(id: 11, cmid: 101, name: "Essay", due: due ?? day(-5), drafts: true),
        ]))
        http.on("mod_assign_get_submission_status", json: status)
    }

    @Test func everyAttemptIsNumberedFromOneOldestFirstWithItsFilesAndRevision() async throws {
        // Moodle lists earlier attempts newest first.
        serve(status: F.status(
            submission: F.submission(id: 73, attempt: 2, status: "draft", modified: day(-1), files: [F.submittedFile("essay.pdf", size: 5000, submission: 73)]),
            previous: [
                F.previous(attempt: 1, submission: F.submission(id: 72, attempt: 1, status: "submitted", modified: day(-4), files: [
                    F.submittedFile("essay.pdf", size: 4000, submission: 72), F.submittedFile("notes.txt", size: 12, submission: 72),
                ])),
                F.previous(attempt: 0, submission: F.submission(id: 71, attempt: 0, status: "submitted", modified: day(-9), files: [
                    F.submittedFile("essay.pdf", size: 3000, submission: 71),
                ])),
            ]
        ))
        let attempts = try await transport.attempts(CourseID(5), "101")
        #expect(attempts.map(\.attempt) == [1, 2, 3])
        #expect(attempts.map(\.isHandedIn) == [true, true, false])
        #expect(attempts.map(\.revision) == [day(-9), day(-4), day(-1)])
        #expect(attempts.map(\.order) == [day(-9), day(-4), day(-1)])
        #expect(attempts[1].files == [SubmissionAttempt.File(name: "essay.pdf", size: 4000), SubmissionAttempt.File(name: "notes.txt", size: 12)])
        #expect(attempts[0].submittedAt == TestSite.date(days: -9))
        #expect(!attempts[0].isLate)
        #expect(attempts[1].isLate, "handed in after the due date")
        #expect(attempts[2].submittedAt == nil, "a draft is not handed in")
        #expect(!attempts[2].isLate)
    }

    @Test func theStatusIsAskedOfTheAssignmentTheCourseModuleIs() async throws {
        serve(status: F.status())
        _ = try await transport.attempts(CourseID(5), "101")
        #expect(http.calls("mod_assign_get_assignments").first?.field("courseids[0]") == "5")
        #expect(http.calls("mod_assign_get_submission_status").first?.field("assignid") == "11")
    }

    @Test func noSubmissionYetIsNoAttempt() async throws {
        serve(status: F.status())
        #expect(try await transport.attempts(CourseID(5), "101") == [])
    }

    @Test func anExtensionMovesTheDeadlineLatenessIsJudgedBy() async throws {
        serve(status: F.status(
            submission: F.submission(status: "submitted", modified: day(-2), files: [F.submittedFile("essay.pdf", size: 10)]), extended: day(-1)
        ), due: day(-3))
        let attempt = try #require(try await transport.attempts(CourseID(5), "101").first)
        #expect(!attempt.isLate)
    }

    @Test func anAssignmentTheCourseDoesNotHaveIsRefused() async throws {
        serve(status: F.status())
        let error = await thrownError { _ = try await transport.attempts(CourseID(5), "999") }
        let moodle = try #require(error as? MoodleError)
        guard case .refused = moodle else {
            Issue.record("expected a refusal, got \(moodle)")
            return
        }
        #expect(!moodle.isTransient)
        #expect(http.calls("mod_assign_get_submission_status").isEmpty)
    }
}
