import CourseKit
import Foundation
import Testing
import TestSupport
@testable import UploadQueue

/// The exactly-once protocol: a queued submission creates one attempt, whatever fails when.
struct SubmissionEngineTests {
    let folder: UploadTestFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    let backend = SubmissionBackend()
    var store: UploadStore { folder.store(clock: clock.client) }

    init() throws {
        folder = try UploadTestFolder()
    }

    func engine() -> UploadEngine {
        UploadEngine(store: store, transport: .unimplemented, submissions: backend.transport, clock: clock.client, backend: "offline", jitter: { 1 })
    }

    /// Queues `names` (each holding its own name as bytes) as one submission to assignment 7.
    func submission(_ names: [String] = ["essay.pdf", "data.csv"], assignment: String = "7") throws -> UploadJob {
        let files = try names.map { try folder.write(Data($0.utf8), to: $0) }
        let plan = UploadJob.Submission(assignmentID: assignment, assignmentName: "Essay")
        return try store.enqueue(files: files, course: CourseID(1), backend: "offline", submission: plan)
    }

    /// Runs what is due, then again once any wait is over, until the job is no longer pending.
    func drain(_ engine: UploadEngine, rounds: Int = 6) async throws {
        for _ in 0..<rounds {
            try await engine.runDueJobs()
            clock.advance(by: 600)
        }
    }

    @Test func aSubmissionUploadsEveryFileThenCreatesOneAttemptAndKeepsItsReceipt() async throws {
        backend.seed(SubmissionAttempt(attempt: 1, files: [.init(name: "old.pdf", size: 3)]))
        let job = try submission()
        let engine = engine()
        let announced = try await changes(of: engine) { try await engine.runDueJobs() }
        #expect(backend.uploads == 2)
        #expect(backend.submits == 1)
        #expect(backend.attempts.map(\.attempt) == [1, 2])
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done)
        #expect(done.submission?.attemptBefore == 1, "the attempt seen before sending is recorded")
        #expect(done.submission?.receipt?.attempt == 2)
        #expect(done.submittedSummary == "submitted (attempt 2)")
        #expect(announced.last?.state == "done")
        for index in done.files.indices {
            try await eventually("payload \(index) is deleted") { !FileManager.default.fileExists(atPath: store.payloadURL(for: done, file: index).path) }
        }
    }

    @Test func anAnswerLostAfterTheServerRecordedItIsReadBackNotSentAgain() async throws {
        backend.script(.commitThenFail(Unreachable()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        let waiting = try #require(try store.job(job.id))
        #expect(waiting.state.isUnderWay, "a lost answer is a transient failure: \(waiting.state)")
        #expect(waiting.submission?.mayHaveBeenSent == true)

        try await drain(engine)
        #expect(backend.submits == 1, "never sent twice")
        #expect(backend.attempts.count == 1)
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 1)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func anAttemptThatMayBeThereIsLookedForEvenWhenTheLocalCopyIsGone() async throws {
        backend.script(.commitThenFail(Unreachable()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        // The payloads go missing after the attempt was made: the job must still find it there,
        // not fail and leave the student to hand the files in again.
        for index in job.files.indices {
            try FileManager.default.removeItem(at: store.payloadURL(for: job, file: index))
        }
        try await drain(engine)
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done, "\(done.state)")
        #expect(done.submission?.receipt?.attempt == 1)
        #expect(backend.submits == 1)
    }

    @Test func aSubmitThatNeverReachedTheServerIsSentAgain() async throws {
        backend.script(.failFirst(Unreachable()), .failFirst(Unreachable()))
        let job = try submission()
        try await drain(engine())
        #expect(backend.submits == 3)
        #expect(backend.attempts.count == 1)
        #expect(backend.uploads == 2, "files already uploaded are not uploaded again")
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func aResendWaitsWhileTheServerMayStillBeMakingTheAttemptItWasSent() async throws {
        backend.script(.failFirst(Unreachable()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        clock.advance(by: 5)
        try await engine.runDueJobs()
        #expect(backend.submits == 1, "not sent again while the first request may still be at the server")
        let waiting = try #require(try store.job(job.id))
        guard case let .waiting(until, reason) = waiting.state, let sentAt = waiting.submission?.sentAt else {
            Issue.record("expected a wait, found \(waiting.state)")
            return
        }
        #expect(reason == "Checking whether the submission sent earlier arrived")
        #expect(until == sentAt.addingTimeInterval(UploadEngine.answerWindow))
        // The slow server finishes the first request after all.
        backend.seed(SubmissionAttempt(attempt: 1, files: job.files.map { .init(name: $0.name, size: $0.size) }))
        clock.advance(by: 60)
        try await engine.runDueJobs()
        #expect(backend.submits == 1)
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 1)
    }

    @Test func aProcessKilledAfterSendingFindsItsAttemptOnRestart() async throws {
        backend.script(.commitThenFail(Unreachable()))
        var job = try submission()
        try await engine().runDueJobs()
        // What a process killed right after the POST leaves: still uploading, marked sent, no answer recorded.
        job = try #require(try store.job(job.id))
        job.state = .uploading
        try store.update(job)

        try await drain(engine())
        #expect(backend.submits == 1)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func aNewerAttemptWithOtherFilesIsNotMistakenForThisOne() async throws {
        backend.script(.failFirst(Unreachable()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        // Meanwhile the student handed in something else from the web.
        backend.seed(SubmissionAttempt(attempt: 1, files: [.init(name: "other.pdf", size: 9)]))
        try await drain(engine)
        #expect(backend.attempts.map(\.attempt) == [1, 2])
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 2)
    }

    @Test func theAttemptSeenBeforeSendingIsNeverTakenForThisJobsEvenWithTheSameFiles() async throws {
        let job = try submission()
        // The student handed these very files in from the web before the queue sent its own.
        backend.seed(SubmissionAttempt(attempt: 1, files: job.files.map { .init(name: $0.name, size: $0.size) }))
        backend.script(.failFirst(Unreachable()))
        let engine = engine()
        try await engine.runDueJobs()
        let sent = try #require(try store.job(job.id))
        #expect(sent.submission?.attemptBefore == 1)
        #expect(sent.submission?.mayHaveBeenSent == true)

        try await drain(engine)
        #expect(backend.submits == 2, "the lost request is sent again once the answer window is over")
        #expect(backend.attempts.map(\.attempt) == [1, 2])
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 2)
    }

    @Test func aNewerAttemptWithTheSameNamesButOtherSizesIsNotMistakenForThisOne() async throws {
        backend.script(.failFirst(Unreachable()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        // Meanwhile the student handed in other versions of the same files from the web.
        backend.seed(SubmissionAttempt(attempt: 1, files: job.files.map { .init(name: $0.name, size: $0.size + 1) }))
        try await drain(engine)
        #expect(backend.attempts.map(\.attempt) == [1, 2])
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 2)
    }

    @Test func aNewerAttemptWithAsManyFilesOfOtherIDsIsNotMistakenForThisOne() async throws {
        backend.script(.failFirst(Unreachable()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.submission?.uploadedFileIDs == ["f1", "f2"])
        // Two other files handed in from the web, listed with their IDs as Canvas lists them.
        backend.seed(SubmissionAttempt(attempt: 1, files: [
            .init(id: "w1", name: "notes.pdf", size: 9), .init(id: "w2", name: "table.csv", size: 8),
        ]))
        try await drain(engine)
        #expect(backend.attempts.map(\.attempt) == [1, 2])
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 2)
    }

    @Test func aHandInCancelledWhileItsRequestWasOutLooksForItsAttemptBeforeSendingAgain() async throws {
        // The server made the attempt; the app quit before the answer came back.
        backend.script(.commitThenFail(CancellationError()))
        let job = try submission()
        let engine = engine()
        await #expect(throws: CancellationError.self) { try await engine.runDueJobs() }
        let stopped = try #require(try store.job(job.id))
        #expect(stopped.submission?.sentAt != nil, "only an answer that says it changed nothing clears the mark")

        try await drain(engine)
        #expect(backend.submits == 1, "never sent twice")
        #expect(backend.attempts.count == 1)
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 1)
    }

    @Test func aRefusalFailsTheJobForTheUserAndARetryUploadsAfresh() async throws {
        backend.script(.failFirst(Refused()))
        let job = try submission()
        let engine = engine()
        try await drain(engine)
        let failed = try #require(try store.job(job.id))
        #expect(failed.state == .failed(reason: Refused().userMessage))
        #expect(failed.submission?.uploadedFileIDs == [nil, nil])
        #expect(failed.submission?.mayHaveBeenSent == false, "a refusal leaves no attempt to look for")
        #expect(failed.submission?.attemptBefore == nil, "a retry reads the latest attempt again")
        #expect(backend.attempts.isEmpty)

        try await engine.retry(job.id)
        try await drain(engine)
        #expect(backend.uploads == 4)
        #expect(backend.attempts.count == 1)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func aFailureForGoodThatMayHaveComeAfterTheServerActedKeepsLookingBeforeSending() async throws {
        backend.script(.commitThenFail(Unreadable()))
        let job = try submission()
        let engine = engine()
        try await drain(engine)
        let failed = try #require(try store.job(job.id))
        #expect(failed.state.isFailed)
        #expect(failed.submission?.mayHaveBeenSent == true)
        try await engine.retry(job.id)
        try await drain(engine)
        #expect(backend.submits == 1, "the retry finds the attempt instead of making another")
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 1)
    }

    @Test func aThrottledHandInIsSentAgainAsSoonAsCanvasSaysWithoutTheAnswerWindow() async throws {
        backend.script(.failFirst(Throttled()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        let waiting = try #require(try store.job(job.id))
        #expect(waiting.submission?.mayHaveBeenSent == false)
        clock.advance(by: 6)
        try await engine.runDueJobs()
        #expect(backend.submits == 2)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func filesCanvasRenamedAreStillKnownByTheirIDs() async throws {
        backend.renameFiles()
        backend.script(.commitThenFail(Unreachable()))
        let job = try submission()
        try await drain(engine())
        #expect(backend.attempts.first?.files.map(\.name) == ["essay-1.pdf", "data-1.csv"])
        #expect(backend.submits == 1)
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 1)
    }

    @Test func aRetryNeverOverwritesAJobAnotherOwnerIsSending() async throws {
        backend.script(.failFirst(Refused()))
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        let claim = try #require(try store.claim(job.id))
        try await engine.retry(job.id)
        try await engine.retryAllFailed()
        #expect(try store.job(job.id)?.state.isFailed == true, "left alone while claimed")
        claim.release()
        try await engine.retry(job.id)
        #expect(try store.job(job.id)?.state == .queued)
    }

    @Test func aFailedUploadOfTheSecondFileKeepsTheFirstsID() async throws {
        backend.failUploads(after: 1)
        let job = try submission()
        let engine = engine()
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.submission?.uploadedFileIDs == ["f1", nil])
        #expect(backend.submits == 0, "nothing is handed in before every file is up")
        backend.failUploads(after: nil)
        try await drain(engine)
        #expect(backend.uploads == 2)
        #expect(backend.attempts.first?.files.map(\.name) == ["essay.pdf", "data.csv"])
    }

    @Test func submissionsToOneAssignmentAreSentInTheOrderQueued() async throws {
        backend.script(.failFirst(Unreachable()))
        let first = try submission(["draft.pdf"])
        clock.advance(by: 1)
        let second = try submission(["final.pdf"])
        let engine = engine()
        try await engine.runDueJobs()
        #expect(try store.job(second.id)?.state == .queued, "the later one waits while the earlier one is pending")
        try await drain(engine)
        #expect(backend.attempts.map { $0.files.map(\.name) } == [["draft.pdf"], ["final.pdf"]])
        #expect(try store.job(first.id)?.submission?.receipt?.attempt == 1)
        #expect(try store.job(second.id)?.submission?.receipt?.attempt == 2)
    }

    @Test func aPayloadDamagedOnDiskFailsTheSubmissionBeforeAnythingIsSent() async throws {
        let job = try submission()
        try Data("x".utf8).write(to: store.payloadURL(for: job, file: 1))
        try await drain(engine())
        #expect(try store.job(job.id)?.state.isFailed == true)
        #expect(backend.uploads == 0)
        #expect(backend.reads == 0)
    }
}
