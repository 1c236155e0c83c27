import CourseKit
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import UploadQueue

/// A text entry or a link through the queue, exactly once: no files, the content kept in the
/// job's record, and an attempt whose answer was lost recognised by its words or its link.
struct ContentSubmissionEngineTests {
    let folder: UploadTestFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    var store: UploadStore { folder.store(clock: clock.client) }

    init() throws {
        folder = try UploadTestFolder()
    }

    /// An assignment that keeps attempts of text or links, whose first hand-in may lose its answer.
    final class Backend: Sendable {
        let attempts = Mutex<[SubmissionAttempt]>([])
        let submits = Mutex(0)
        let losing = Mutex(0)
        /// Hand-ins that fail before anything is made, as a connection refused does.
        let refusing = Mutex(0)

        var transport: SubmissionTransport {
            SubmissionTransport(
                attempts: { _, _ in self.attempts.withLock { $0 } },
                uploadFile: { _, _, _, _ in throw Unimplemented("a text entry uploads no file") },
                submit: { job, fileIDs in
                    guard fileIDs.isEmpty, let plan = job.submission else { throw Unimplemented("files") }
                    if self.refusing.withLock({ count in defer { count -= 1 }; return count > 0 }) { throw Unreachable() }
                    self.submits.withLock { $0 += 1 }
                    let made = self.attempts.withLock { attempts in
                        let attempt = SubmissionAttempt(
                            attempt: attempts.count + 1, text: plan.text.map(HandInText.normalized), url: plan.url.map(HandInText.link)
                        )
                        attempts.append(attempt)
                        return attempt
                    }
                    if self.losing.withLock({ count in defer { count -= 1 }; return count > 0 }) { throw Unreachable() }
                    return made
                }
            )
        }
    }

    func engine(_ backend: Backend) -> UploadEngine {
        UploadEngine(store: store, transport: .unimplemented, submissions: backend.transport, clock: clock.client, backend: "canvas", jitter: { 1 })
    }

    func plan(text: String? = nil, url: String? = nil) -> UploadJob.Submission {
        UploadJob.Submission(assignmentID: "7", assignmentName: "Essay", text: text, url: url)
    }

    @Test func aTextEntryIsAJobWithoutFilesThatMakesOneAttempt() async throws {
        let backend = Backend()
        let job = try store.enqueueContent(course: CourseID(52), backend: "canvas", submission: plan(text: "Hello,\nworld"))
        #expect(job.files.isEmpty)
        #expect(try store.job(job.id)?.submission?.text == "Hello,\nworld", "kept in the record, as written")
        #expect(job.fileName == "text: 2 words")
        try await engine(backend).runDueJobs()
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done)
        #expect(done.submission?.receipt?.attempt == 1)
        #expect(done.submittedSummary == "submitted (attempt 1)")
    }

    @Test func aTextWhoseAnswerWasLostIsReadBackNotSentAgain() async throws {
        let backend = Backend()
        backend.attempts.withLock { $0 = [SubmissionAttempt(attempt: 1, text: "Hello, world")] }
        backend.losing.withLock { $0 = 1 }
        let job = try store.enqueueContent(course: CourseID(52), backend: "canvas", submission: plan(text: "Hello,\nworld"))
        let engine = engine(backend)
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.submission?.mayHaveBeenSent == true)
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(backend.submits.withLock { $0 } == 1, "never sent twice")
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 2, "the earlier attempt with the same words was made before: not this job's")
    }

    @Test func aLinkWhoseAnswerWasLostIsFoundByItsAddress() async throws {
        let backend = Backend()
        backend.losing.withLock { $0 = 1 }
        let job = try store.enqueueContent(course: CourseID(52), backend: "canvas", submission: plan(url: "example.com/essay"))
        #expect(job.fileName == "example.com/essay")
        let engine = engine(backend)
        try await engine.runDueJobs()
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(backend.submits.withLock { $0 } == 1)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func anAttemptWithOtherWordsMadeElsewhereIsNotTakenForTheJobs() async throws {
        let backend = Backend()
        backend.refusing.withLock { $0 = 1 }
        let job = try store.enqueueContent(course: CourseID(52), backend: "canvas", submission: plan(text: "My essay"))
        let engine = engine(backend)
        try await engine.runDueJobs()
        // Meanwhile the student hands in other words on the web.
        backend.attempts.withLock { $0.append(SubmissionAttempt(attempt: 1, text: "A draft typed on the web")) }
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(backend.submits.withLock { $0 } == 1, "sent once it was known not to have gone")
        #expect(try store.job(job.id)?.submission?.receipt?.attempt == 2, "its own attempt, not the one made on the web")
    }

    @Test func aSubmissionWithNeitherFilesNorContentIsRefused() throws {
        #expect(throws: UploadQueueError.self) { try store.enqueueContent(course: CourseID(52), backend: "canvas", submission: plan()) }
    }
}
