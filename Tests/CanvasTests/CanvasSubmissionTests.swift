import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// `SubmissionTransport.canvas` against the loopback fake Canvas as a student of course 43 (42 is unpublished), alone and under the upload engine.
@Suite(.timeLimit(.minutes(3)))
struct CanvasSubmissionTests {
    let folder: ScratchFolder
    static let essay = FakeCanvasServer.assignmentID(course: 43, number: 2)

    init() throws {
        folder = try ScratchFolder()
    }

    private func student() async throws -> FakeCanvasServer {
        let server = try FakeCanvasServer()
        try await server.configure(#"{"role": "student"}"#)
        return server
    }

    private func transport(_ server: FakeCanvasServer) -> SubmissionTransport {
        .canvas(CanvasConnection(baseURL: server.baseURL, credentials: .test(server.token), http: .curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10))), clock: .live, analytics: .noOp))
    }

    /// A job handing in `payloads` to `assignment` of course 43, named as the payloads are.
    private func job(_ payloads: [URL], assignment: String = Self.essay) throws -> UploadJob {
        let files = try payloads.map { payload in
            let size = try FileManager.default.attributesOfItem(atPath: payload.path)[.size] as? NSNumber
            return QueuedFile(name: payload.lastPathComponent, sourcePath: payload.path, size: try #require(size).int64Value)
        }
        return UploadJob(
            id: "job-1", courseID: CourseID(43), files: files,
            submission: .init(assignmentID: assignment, assignmentName: "Essay"), backend: "test", queuedAt: Date()
        )
    }

    @Test func filesGoThroughSubmissionsSelfFilesAndOnePostHandsThemInAsOneAttempt() async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        let essay = try folder.payload("essay.pdf", size: 200_000, seed: 3)
        let appendix = try folder.payload("appendix.docx", size: 1_000, seed: 4)
        let transport = transport(server)
        let job = try job([essay, appendix])
        #expect(try await transport.attempts(CourseID(43), Self.essay).isEmpty)

        let ids = [
            try await transport.uploadFile(job, 0, essay) { _ in },
            try await transport.uploadFile(job, 1, appendix) { _ in },
        ]
        #expect(try await server.files().isEmpty, "a file to hand in is not a course file")
        let answer = try #require(try await transport.submit(job, ids))
        #expect(answer.attempt == 1)
        #expect(answer.carries(job.files))

        let attempts = try await transport.attempts(CourseID(43), Self.essay)
        #expect(attempts.map(\.attempt) == [1])
        #expect(attempts.first?.carries(job.files) == true)
        let recorded = try await server.submissions()
        #expect(recorded.count == 1)
        #expect(recorded.first?.files.map(\.sha256) == [try sha256(of: essay), try sha256(of: appendix)])
        let requests = try await server.requests()
        #expect(requests.filter { $0.method == "POST" && $0.path.hasSuffix("/assignments/\(Self.essay)/submissions") }.count == 1)
        for request in requests where request.isStep2 {
            #expect(!request.auth_present, "the file store never sees the token")
        }
    }

    @Test func aLockedAssignmentAndAFileTypeItRefusesAreSaidInCanvassWords() async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        let transport = transport(server)
        let project = FakeCanvasServer.assignmentID(course: 43, number: 3)
        let zip = try folder.payload("project.zip", size: 10)
        let locked = try job([zip], assignment: project)
        let lockedID = try await transport.uploadFile(locked, 0, zip) { _ in }
        await #expect(throws: CanvasError.notPermitted(.submission(CourseID(43), assignment: project))) {
            try await transport.submit(locked, [lockedID])
        }
        let notes = try folder.payload("notes.txt", size: 10)
        let wrongType = try job([notes])
        let notesID = try await transport.uploadFile(wrongType, 0, notes) { _ in }
        do {
            _ = try await transport.submit(wrongType, [notesID])
            Issue.record("a file type the assignment refuses was handed in")
        } catch let error as CanvasError {
            #expect(error == .refused(.submission(CourseID(43), assignment: Self.essay), reason: "Invalid file type: notes.txt (allowed: pdf, docx)"))
            #expect(error.userMessage == "Canvas refused to take the submission: Invalid file type: notes.txt (allowed: pdf, docx)")
            #expect(!error.isTransient)
        }
        #expect(try await server.submissions().isEmpty)
    }

    /// The hand-in's answer cut short (`lost_reply`), or no answer at all on a connection kept
    /// from the requests before it (`drop_reply`), which libcurl would otherwise send again.
    @Test(arguments: ["lost_reply", "drop_reply"])
    func anAnswerLostAfterCanvasRecordedTheAttemptStillMakesExactlyOne(fault: String) async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "/assignments/\#(Self.essay)/submissions$", "method": "POST", "kind": "\#(fault)", "count": 2}"#)
        let queue = try QueuedEssay(folder: folder, size: 50_000, seed: 9, transport: transport(server))
        for _ in 0..<4 {
            try await queue.engine.runDueJobs()
            queue.clock.advance(by: 600)
        }
        let done = try #require(try queue.store.job(queue.job.id))
        #expect(done.state == .done)
        #expect(done.submission?.receipt?.attempt == 1)
        let recorded = try await server.submissions()
        #expect(recorded.map(\.attempt) == [1], "one attempt, though its answer was lost")
        #expect(recorded.first?.files.first?.sha256 == (try sha256(of: queue.source)))
    }

    /// The hand-in goes out on a connection of its own: when Canvas makes the attempt and the
    /// connection then closes without a byte of answer, the hand-in fails instead of being made twice.
    @Test func aHandInWhoseKeptConnectionDropsBeforeAnyAnswerIsSentOnce() async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        let transport = transport(server)
        let essay = try folder.payload("essay.pdf", size: 20_000, seed: 5)
        let job = try job([essay])
        // Reading the attempts and uploading leave a kept-alive connection to Canvas.
        #expect(try await transport.attempts(CourseID(43), Self.essay).isEmpty)
        let id = try await transport.uploadFile(job, 0, essay) { _ in }
        try await server.fault(#"{"match": "/assignments/\#(Self.essay)/submissions$", "method": "POST", "kind": "drop_reply"}"#)
        await #expect(throws: NetworkError.unreachable(host: "127.0.0.1")) { try await transport.submit(job, [id]) }
        let attempts = try await server.submissions().map(\.attempt)
        #expect(attempts == [1], "Canvas made the attempt once")
        let posts = try await server.requests().filter { $0.method == "POST" && $0.path.hasSuffix("/assignments/\(Self.essay)/submissions") }
        #expect(posts.map(\.fault) == ["drop_reply"])
    }

    /// Canvas's redirect for an assignment locked after its permission was checked is a refusal
    /// for good: the job fails saying so, with nothing made and nothing left to read back.
    @Test func aHandInRedirectedToTheLockedAssignmentsPageFailsForGood() async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "/assignments/\#(Self.essay)/submissions$", "method": "POST", "kind": "locked_redirect"}"#)
        let queue = try QueuedEssay(folder: folder, size: 5_000, seed: 2, transport: transport(server))
        try await queue.engine.runDueJobs()
        let failed = try #require(try queue.store.job(queue.job.id))
        #expect(failed.state == .failed(reason: "Essay is locked: Canvas takes no submissions to it"))
        #expect(failed.submission?.mayHaveBeenSent == false, "Canvas made nothing, so nothing is read back")
        #expect(try await server.submissions().isEmpty)
    }

    /// A queue holding one hand-in of `essay.pdf` to the Essay of course 43, and an engine that sends it.
    struct QueuedEssay {
        let clock = ManualClock(Date())
        let store: UploadStore
        let source: URL
        let job: UploadJob
        let engine: UploadEngine

        init(folder: ScratchFolder, size: Int, seed: UInt64, transport: SubmissionTransport) throws {
            store = UploadStore(directory: folder.url.appendingPathComponent("data"), clock: clock.client)
            source = try folder.payload("essay.pdf", size: size, seed: seed)
            let plan = UploadJob.Submission(assignmentID: CanvasSubmissionTests.essay, assignmentName: "Essay")
            job = try store.enqueue(files: [source], course: CourseID(43), backend: "canvas", submission: plan)
            engine = UploadEngine(store: store, transport: .unimplemented, submissions: transport, clock: clock.client, backend: "canvas", jitter: { 1 })
        }
    }

    @Test func aSubmissionsHistoryIsReadOneAttemptEach() throws {
        let body = #"""
        {"attempt": 2, "submitted_at": "2026-11-01T10:00:00Z", "late": true, "workflow_state": "submitted",
         "submission_history": [
           {"attempt": 1, "submitted_at": "2026-10-30T10:00:00Z", "attachments": [{"id": 5, "display_name": "a.pdf", "size": 3}]},
           {"attempt": 2, "submitted_at": "2026-11-01T09:00:00Z", "attachments": [{"id": 6, "filename": "b.pdf", "size": 4}]},
           {"attempt": 2, "submitted_at": "2026-11-01T10:00:00Z", "late": true, "attachments": [{"id": 6, "display_name": "b.pdf", "size": 4}]}
         ]}
        """#
        let submission = try JSONDecoder().decode(CanvasSubmission.self, from: Data(body.utf8))
        #expect(submission.recordedAttempts.map(\.attempt) == [1, 2])
        #expect(submission.recordedAttempts.last?.isLate == true)
        #expect(submission.recordedAttempts.map { $0.files.map(\.name) } == [["a.pdf"], ["b.pdf"]])
        let unsubmitted = try JSONDecoder().decode(CanvasSubmission.self, from: Data(#"{"attempt": null, "workflow_state": "unsubmitted"}"#.utf8))
        #expect(unsubmitted.recordedAttempts.isEmpty)
    }
}
