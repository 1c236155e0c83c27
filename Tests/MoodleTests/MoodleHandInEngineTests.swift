import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Synchronization
import Testing
import TestSupport
import UploadQueue

/// The upload engine's exactly-once protocol run against `SubmissionTransport.moodle` and an
/// assignment that keeps its state: a save whose answer is lost is found on the next run and
/// never made twice.
struct MoodleHandInEngineTests {
    let scratch: ScratchFolder
    let clock = ManualClock(TestSite.now)
    let site: AssignmentSite

    init() throws {
        scratch = try ScratchFolder()
        site = AssignmentSite(clock: clock)
    }

    var store: UploadStore { UploadStore(directory: scratch.url.appendingPathComponent("data"), clock: clock.client) }

    func engine() -> UploadEngine {
        let connection = MoodleConnection(siteURL: TestSite.url, credentials: TestSite.credentials, http: site.http.client, clock: clock.client, analytics: .noOp)
        return UploadEngine(store: store, transport: .moodle, submissions: .moodle(connection), clock: clock.client, backend: "moodle", jitter: { 1 })
    }

    func queue() throws -> UploadJob {
        let files = try ["essay.pdf", "data.csv"].map { name in
            let url = scratch.url.appendingPathComponent(name)
            try Data("the bytes of \(name)".utf8).write(to: url)
            return url
        }
        let plan = UploadJob.Submission(assignmentID: "101", assignmentName: "Essay", acceptedStatement: "This is my own work.")
        return try store.enqueue(files: files, course: CourseID(5), backend: "moodle", submission: plan)
    }

    @Test func aHandInOfADraftAssignmentIsSavedThenSubmittedOnce() async throws {
        defer { scratch.remove() }
        site.keepsDrafts = true
        let job = try queue()
        try await engine().runDueJobs()
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done, "\(done.state)")
        #expect(site.saves == 1)
        #expect(site.submits == 1)
        #expect(site.submission?.status == "submitted")
        #expect(site.submission?.files.map(\.name).sorted() == ["data.csv", "essay.pdf"])
        #expect(done.submission?.receipt?.isHandedIn == true)
        #expect(done.submission?.receipt?.attempt == 1)
        #expect(site.drafts.count == 1, "both files went into one draft area")
    }

    @Test func aLostSaveAnswerOnADraftAssignmentIsFoundAndOnlySubmittedWithoutWaitingTheAnswerWindow() async throws {
        defer { scratch.remove() }
        site.keepsDrafts = true
        site.loseNextSaveAnswer = true
        let job = try queue()
        let engine = engine()
        try await engine.runDueJobs()
        let waiting = try #require(try store.job(job.id))
        #expect(waiting.state.isUnderWay, "a lost answer is waited out, not failed: \(waiting.state)")
        #expect(waiting.submission?.mayHaveBeenSent == true)
        #expect(site.saves == 1)
        #expect(site.submission?.status == "draft")
        let firstSent = try #require(waiting.submission?.sentAt)

        clock.advance(by: 5)
        try await engine.runDueJobs()
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done, "the draft holding the job's files is finished at once: \(done.state)")
        #expect(site.saves == 1, "never saved twice")
        #expect(site.submits == 1)
        #expect(site.submission?.status == "submitted")
        #expect(site.uploads == 2, "files already uploaded are not uploaded again")
        #expect(clock.now() < firstSent.addingTimeInterval(60), "done inside the window a lost answer is otherwise waited out")
    }

    @Test func aLostSaveAnswerWhereTheSaveIsTheHandInIsReadBackAndDone() async throws {
        defer { scratch.remove() }
        site.keepsDrafts = false
        site.loseNextSaveAnswer = true
        let job = try queue()
        let engine = engine()
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.state.isUnderWay == true)
        clock.advance(by: 5)
        try await engine.runDueJobs()
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done, "\(done.state)")
        #expect(site.saves == 1)
        #expect(site.submits == 0, "nothing to submit where the save hands in")
        #expect(done.submission?.receipt?.isHandedIn == true)
    }

    @Test func aRefusedSaveFailsTheJobForTheStudentAndChangesNothing() async throws {
        defer { scratch.remove() }
        site.keepsDrafts = true
        site.saveWarning = "The due date for this assignment has now passed"
        let job = try queue()
        try await engine().runDueJobs()
        let failed = try #require(try store.job(job.id))
        guard case let .failed(reason) = failed.state else {
            Issue.record("expected a failure for the student, got \(failed.state)")
            return
        }
        #expect(reason.contains("The due date for this assignment has now passed"))
        #expect(failed.submission?.mayHaveBeenSent == false)
        #expect(site.submits == 0)
    }
}

extension UploadJob.State {
    /// Still to be tried again by itself.
    var isUnderWay: Bool {
        switch self {
        case .queued, .uploading, .waiting: return true
        case .failed, .done, .damaged: return false
        }
    }
}

/// One assignment (instance 11, course module 101 of course 5) on a Moodle that keeps its draft
/// areas and the student's submission, answering as `mod_assign` and `webservice/upload.php` do.
final class AssignmentSite: Sendable {
    struct StoredFile: Sendable, Equatable {
        var path: String
        var name: String
        var size: Int
    }

    struct Submission: Sendable {
        var status: String
        var files: [StoredFile]
        var modified: Int
    }

    private struct State {
        var keepsDrafts = true
        var drafts: [Int: [StoredFile]] = [:]
        var submission: Submission?
        var saves = 0
        var submits = 0
        var uploads = 0
        var loseNextSaveAnswer = false
        var saveWarning: String?
    }

    let http = MoodleScriptedHTTP()
    private let state = Mutex(State())
    private let clock: ManualClock

    var keepsDrafts: Bool {
        get { state.withLock { $0.keepsDrafts } }
        set { state.withLock { $0.keepsDrafts = newValue } }
    }

    var loseNextSaveAnswer: Bool {
        get { state.withLock { $0.loseNextSaveAnswer } }
        set { state.withLock { $0.loseNextSaveAnswer = newValue } }
    }

    var saveWarning: String? {
        get { state.withLock { $0.saveWarning } }
        set { state.withLock { $0.saveWarning = newValue } }
    }

    var saves: Int { state.withLock { $0.saves } }
    var submits: Int { state.withLock { $0.submits } }
    var uploads: Int { state.withLock { $0.uploads } }
    var submission: Submission? { state.withLock { $0.submission } }
    var drafts: [Int: [StoredFile]] { state.withLock { $0.drafts } }

    init(clock: ManualClock) {
        self.clock = clock
        http.on("mod_assign_get_assignments", { _ in .json(self.assignments()) })
        http.on("mod_assign_get_submission_status", { _ in .json(self.status()) })
        http.on(path: "/webservice/upload.php", { sent in .json(try self.upload(sent)) })
        http.on("mod_assign_save_submission", { sent in try self.save(sent) })
        http.on("mod_assign_submit_for_grading", { _ in .json(self.submitForGrading()) })
    }

    private var now: Int { Int(clock.now().timeIntervalSince1970) }

    private func assignments() -> String {
        AssignFixtures.assignments([AssignFixtures.assign(id: 11, cmid: 101, name: "Essay", due: now + 86_400, drafts: keepsDrafts)])
    }

    private func status() -> String {
        guard let submission else { return AssignFixtures.status() }
        let files = submission.files.map { AssignFixtures.submittedFile($0.name, size: $0.size, path: $0.path) }
        return AssignFixtures.status(submission: AssignFixtures.submission(status: submission.status, modified: submission.modified, files: files))
    }

    private func upload(_ sent: MoodleScriptedHTTP.Sent) throws -> String {
        guard let form = sent.multipart, form.field("token") == TestSite.token, let file = form.files.first, let name = file.fileName else {
            return scriptError("invalidtoken", "Invalid token - token not found")
        }
        let path = form.field("filepath") ?? "/"
        return state.withLock { state in
            var itemid = Int(form.field("itemid") ?? "0") ?? 0
            if itemid <= 0 { itemid = 555_000_000 + state.drafts.count }
            var area = state.drafts[itemid] ?? []
            if area.contains(where: { $0.path == path && $0.name == name }) {
                return #"[{"filename":"\#(name)","filepath":"/tmp/phpX","size":\#(file.body.count),"errortype":"filenameexist","error":"File name already exists: \#(name)"}]"#
            }
            area.append(StoredFile(path: path, name: name, size: file.body.count))
            state.drafts[itemid] = area
            state.uploads += 1
            return #"[{"component":"user","contextid":27,"userid":"3","filearea":"draft","filename":"\#(name)","filepath":"\#(path)","itemid":\#(itemid),"license":"unknown","author":"Lan","source":"x","filesize":\#(file.body.count)}]"#
        }
    }

    private enum SaveOutcome {
        case saved, lost, refused(String)
    }

    private func save(_ sent: MoodleScriptedHTTP.Sent) throws -> HTTPResponse {
        let itemid = Int(sent.field("plugindata[files_filemanager]") ?? "") ?? 0
        let now = now
        let outcome: SaveOutcome = state.withLock { state in
            if let warning = state.saveWarning { return .refused(warning) }
            state.saves += 1
            state.submission = Submission(status: state.keepsDrafts ? "draft" : "submitted", files: state.drafts[itemid] ?? [], modified: now)
            guard state.loseNextSaveAnswer else { return .saved }
            state.loseNextSaveAnswer = false
            return .lost
        }
        switch outcome {
        case .saved: return .json(AssignFixtures.noWarnings)
        case .lost: throw NetworkError.unreachable(host: TestSite.host)
        case let .refused(warning): return .json(AssignFixtures.saveWarning(warning))
        }
    }

    private func submitForGrading() -> String {
        let now = now
        state.withLock { state in
            state.submits += 1
            state.submission?.status = "submitted"
            state.submission?.modified = now
        }
        return AssignFixtures.noWarnings
    }
}
