import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `SubmissionTransport.moodle` `submit`: the job's draft area saved as the submission (the
/// student's online text kept as stored), then submitted for grading where the assignment keeps
/// drafts; what the submission already holds is never saved twice (research/3-assign-handin.md §3–§4).
struct MoodleHandInTests {
    typealias F = AssignFixtures
    let http = MoodleScriptedHTTP()
    let itemid = 684_207_539

    var transport: SubmissionTransport { .moodle(TestSite.connection(http)) }

    /// The text as stored: what a raw status read gives, embedded file address and all.
    static let storedText = #"<p>My draft &amp; a chart: <img src=\"@@PLUGINFILE@@/chart.png\" alt=\"chart\" /></p>"#
    static let storedTextDecoded = #"<p>My draft &amp; a chart: <img src="@@PLUGINFILE@@/chart.png" alt="chart" /></p>"#

    func serve(drafts: Bool = true, onlinetext: Bool = false, statement: Bool = false, status: [String]? = nil) {
        http.on("mod_assign_get_assignments", json: F.assignments([
            F.assign(
                id: 11, cmid: 101, name: "Essay", due: TestSite.seconds(days: 3), drafts: drafts,
                statement: statement ? "<p>This is my own work.</p>" : nil, configs: F.configs(onlinetext: onlinetext)
            ),
        ]))
        let statuses = status ?? [F.status(submission: F.submission(
            status: "new", modified: TestSite.seconds(days: -2), onlinetext: onlinetext ? Self.storedText : nil, textFormat: 4
        ))]
        http.on("mod_assign_get_submission_status", answers: statuses.map { body in { _ in .json(body) } })
        http.on("mod_assign_save_submission", json: F.noWarnings)
        http.on("mod_assign_submit_for_grading", json: F.noWarnings)
    }

    func job(attemptBefore: Int? = 0, statement: String? = nil) -> UploadJob {
        UploadJob(
            id: "job-1", courseID: CourseID(5),
            files: [QueuedFile(name: "essay.pdf", sourcePath: "/home/lan/essay.pdf", size: 5000), QueuedFile(name: "data.csv", sourcePath: "/home/lan/data.csv", size: 12)],
            submission: UploadJob.Submission(assignmentID: "101", assignmentName: "Essay", attemptBefore: attemptBefore, acceptedStatement: statement),
            backend: "moodle https://learn.example.edu", queuedAt: TestSite.now
        )
    }

    /// The marks of the job's two uploaded files, their area made `hours` ago.
    func fileIDs(hoursAgo hours: Double = 1) -> [String] {
        let mark = "\(itemid)@\(Int(TestSite.now.timeIntervalSince1970 - hours * 3600))"
        return [mark, mark]
    }

    func fields(_ function: String) -> [String] {
        (http.calls(function).first?.form ?? []).dropFirst().map { "\($0.0)=\($0.1)" }
    }

    @Test func aDraftAreaIsSavedWithTheOnlineTextAsStoredThenSubmittedAcceptingTheStatement() async throws {
        serve(drafts: true, onlinetext: true, statement: true)
        let receipt = try await transport.submit(job(statement: "This is my own work."), fileIDs())
        #expect(receipt == nil, "the engine reads the attempt back")
        #expect(http.functions == ["mod_assign_get_assignments", "mod_assign_get_submission_status", "mod_assign_save_submission", "mod_assign_submit_for_grading"])
        let status = try #require(http.calls("mod_assign_get_submission_status").first)
        #expect(status.field("moodlewssettingraw") == "1", "the text must come back as stored to be sent back unchanged")
        #expect(status.field("moodlewssettingfileurl") == "0")
        #expect(status.field("assignid") == "11")
        #expect(fields("mod_assign_save_submission") == [
            "moodlewssettinglang=en", "assignmentid=11", "plugindata[files_filemanager]=\(itemid)",
            "plugindata[onlinetext_editor][text]=\(Self.storedTextDecoded)", "plugindata[onlinetext_editor][format]=4",
            "plugindata[onlinetext_editor][itemid]=-1",
        ])
        #expect(fields("mod_assign_submit_for_grading") == ["assignmentid=11", "acceptsubmissionstatement=1"])
    }

    @Test func theSaveAndTheSubmitAreNeverRepeatedByTheTransportAndTheReadsMayBe() async throws {
        serve()
        _ = try await transport.submit(job(), fileIDs())
        for sent in http.requests {
            let writes = ["mod_assign_save_submission", "mod_assign_submit_for_grading"].contains(sent.function ?? "")
            #expect(sent.request.isSentAtMostOnce == writes, "\(sent.function ?? "?")")
        }
    }

    @Test func withoutOnlineTextOnlyTheFilesAreSaved() async throws {
        serve(onlinetext: false)
        _ = try await transport.submit(job(), fileIDs())
        #expect(fields("mod_assign_save_submission") == ["moodlewssettinglang=en", "assignmentid=11", "plugindata[files_filemanager]=\(itemid)"])
    }

    @Test func aStudentWhoWroteNoTextYetSendsAnEmptyOne() async throws {
        serve(onlinetext: true, status: [F.status()])
        _ = try await transport.submit(job(), fileIDs())
        #expect(fields("mod_assign_save_submission").filter { $0.contains("onlinetext") } == [
            "plugindata[onlinetext_editor][text]=", "plugindata[onlinetext_editor][format]=1", "plugindata[onlinetext_editor][itemid]=-1",
        ])
    }

    @Test func aStatementNotAcceptedIsNotClaimed() async throws {
        serve()
        _ = try await transport.submit(job(statement: nil), fileIDs())
        #expect(fields("mod_assign_submit_for_grading") == ["assignmentid=11", "acceptsubmissionstatement=0"])
    }

    @Test func whereTheAssignmentKeepsNoDraftsTheSaveIsTheHandIn() async throws {
        serve(drafts: false)
        _ = try await transport.submit(job(), fileIDs())
        #expect(http.functions == ["mod_assign_get_assignments", "mod_assign_get_submission_status", "mod_assign_save_submission"])
    }

    @Test func aDraftThatAlreadyHoldsTheFilesSinceTheJobBeganIsOnlySubmitted() async throws {
        let saved = F.submission(status: "draft", modified: TestSite.seconds(days: 0) - 30, files: [
            F.submittedFile("data.csv", size: 12), F.submittedFile("essay.pdf", size: 5000),
        ])
        serve(status: [F.status(submission: saved)])
        _ = try await transport.submit(job(attemptBefore: TestSite.seconds(days: -2)), fileIDs())
        #expect(http.functions == ["mod_assign_get_assignments", "mod_assign_get_submission_status", "mod_assign_submit_for_grading"])
    }

    @Test func aSubmissionAlreadyHandedInWithTheFilesIsLeftAsItIs() async throws {
        let handedIn = F.submission(status: "submitted", modified: TestSite.seconds(days: 0) - 30, files: [
            F.submittedFile("essay.pdf", size: 5000), F.submittedFile("data.csv", size: 12),
        ])
        serve(status: [F.status(submission: handedIn, canedit: false)])
        _ = try await transport.submit(job(attemptBefore: TestSite.seconds(days: -2)), fileIDs())
        #expect(http.functions == ["mod_assign_get_assignments", "mod_assign_get_submission_status"])
    }

    @Test func theSameFilesFromBeforeTheJobAreSavedAgain() async throws {
        let before = TestSite.seconds(days: -2)
        let earlier = F.submission(status: "draft", modified: before, files: [
            F.submittedFile("essay.pdf", size: 5000), F.submittedFile("data.csv", size: 12),
        ])
        serve(status: [F.status(submission: earlier)])
        _ = try await transport.submit(job(attemptBefore: before), fileIDs())
        #expect(http.calls("mod_assign_save_submission").count == 1, "what was there before the job began is not its hand-in")
    }

    @Test func aDraftAreaOlderThanMoodleKeepsItIsExpiredAndNothingIsSaved() async throws {
        serve()
        let error = await thrownError { _ = try await transport.submit(job(), fileIDs(hoursAgo: 84)) }
        #expect(error as? MoodleError == .draftExpired(days: 3))
        #expect(http.calls("mod_assign_save_submission").isEmpty)
        #expect((error as? MoodleError)?.changedNothing == true)
        #expect((error as? MoodleError)?.isTransient == false)
    }

    @Test func aDraftAreaYoungerThanThreeDaysIsSaved() async throws {
        serve()
        _ = try await transport.submit(job(), fileIDs(hoursAgo: 70))
        #expect(http.calls("mod_assign_save_submission").count == 1)
    }

    @Test func nothingSubmittedMeansTheDraftAreaWasCleared() async throws {
        serve()
        http.on("mod_assign_save_submission", json: F.saveWarning("Nothing was submitted"))
        let error = await thrownError { _ = try await transport.submit(job(), fileIDs()) }
        guard case .draftExpired? = error as? MoodleError else {
            Issue.record("expected an expired draft area, got \(String(describing: error))")
            return
        }
        #expect(http.calls("mod_assign_submit_for_grading").isEmpty)
    }

    @Test func anyOtherWarningIsARefusalThatChangedNothing() async throws {
        serve()
        http.on("mod_assign_save_submission", json: F.saveWarning("The due date for this assignment has now passed"))
        let error = await thrownError { _ = try await transport.submit(job(), fileIDs()) }
        let moodle = try #require(error as? MoodleError)
        #expect(moodle == .refused(action: "save your submission to Essay", reason: "The due date for this assignment has now passed"))
        #expect(moodle.changedNothing)
        #expect(!moodle.isTransient)
        #expect(http.calls("mod_assign_submit_for_grading").isEmpty)
    }

    @Test func aRefusedSubmitThatLeftItSubmittedAnywayIsDone() async throws {
        let submitted = F.submission(status: "submitted", modified: TestSite.seconds(days: 0), files: [
            F.submittedFile("essay.pdf", size: 5000), F.submittedFile("data.csv", size: 12),
        ])
        serve(status: [F.status(), F.status(submission: submitted)])
        http.on("mod_assign_submit_for_grading", json: #"[{"item":"User id: 3, Assignment id: 11 Notices:","itemid":11,"warningcode":"couldnotsubmitforgrading","message":"Could not submit assignment for grading."}]"#)
        _ = try await transport.submit(job(), fileIDs())
        #expect(http.calls("mod_assign_get_submission_status").count == 2)
    }

    @Test func aRefusedSubmitSaysWhyWhereItCanTell() async throws {
        let draft = F.submission(status: "draft", modified: TestSite.seconds(days: 0), files: [F.submittedFile("essay.pdf", size: 5000)])
        serve(statement: true, status: [F.status(), F.status(submission: draft)])
        http.on("mod_assign_submit_for_grading", json: #"[{"item":"User id: 3, Assignment id: 11 Notices:","itemid":11,"warningcode":"couldnotsubmitforgrading","message":"Could not submit assignment for grading."}]"#)
        let error = await thrownError { _ = try await transport.submit(job(statement: nil), fileIDs()) }
        #expect(error as? MoodleError == .refused(action: "submit Essay for grading", reason: "its submission statement was not accepted"))
    }

    @Test func filesThatWereNeverUploadedCantBeHandedIn() async throws {
        serve()
        let error = await thrownError { _ = try await transport.submit(job(), ["f1", "f2"]) }
        #expect((error as? MoodleError)?.isTransient == false)
        #expect(http.requests.isEmpty)
    }
}
