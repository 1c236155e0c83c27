import CourseKit
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import UploadQueue

/// Posts and replies to discussions through the queue, exactly once: one whose answer was lost
/// is recognised among the student's own posts by its words instead of being posted again.
struct DiscussionReplyEngineTests {
    let folder: UploadTestFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    var store: UploadStore { folder.store(clock: clock.client) }
    let course = CourseID(52)

    init() throws {
        folder = try UploadTestFolder()
    }

    /// A discussion keeping the student's posts as HTML, whose posts may be made and their answer lost.
    final class Thread: Sendable {
        struct State {
            var posts: [DiscussionPostRecord] = []
            var made = 0
            var losingAnswers = 0
            var failingBeforeMaking = 0
            var calls: [String] = []
        }

        let state: Mutex<State>

        init(_ posts: [DiscussionPostRecord] = []) {
            state = Mutex(State(posts: posts))
        }

        var transport: DiscussionWriteTransport {
            DiscussionWriteTransport(
                ownPosts: { _, reply in self.state.withLock { $0.calls.append("list \(reply.threadID ?? "topic")"); return $0.posts } },
                post: { _, reply in
                    try self.state.withLock { state in
                        state.calls.append("post \(reply.entryID ?? "topic")")
                        if state.failingBeforeMaking > 0 {
                            state.failingBeforeMaking -= 1
                            throw Unreachable()
                        }
                        state.made += 1
                        let id = String(700_000 + state.made)
                        // Kept as HTML and read back as text: the words stay, the line breaks don't.
                        state.posts.insert(DiscussionPostRecord(id: id, text: reply.text.replacing("\n", with: " ")), at: 0)
                        if state.losingAnswers > 0 {
                            state.losingAnswers -= 1
                            throw Unreachable()
                        }
                        return id
                    }
                }
            )
        }
    }

    func engine(_ thread: Thread) -> UploadEngine {
        UploadEngine(store: store, transport: .unimplemented, discussionWrites: thread.transport, clock: clock.client, backend: "canvas", jitter: { 1 })
    }

    func reply(_ text: String = "Câu 2:\nđáp án là 4,2 m/s", to entry: String? = "52103") throws -> UploadJob {
        let reply = UploadJob.DiscussionReply(topicID: "600521", topicTitle: "Week 3 questions", entryID: entry, threadID: entry.map { _ in "52101" }, text: text)
        return try store.enqueueReply(reply, course: course, backend: "canvas")
    }

    @Test func aReplyReadsTheStudentsPostsFirstThenPostsOnceAndKeepsItsID() async throws {
        let thread = Thread([DiscussionPostRecord(id: "52190", text: "Câu 2: đáp án là 4,2 m/s")])
        let job = try reply()
        #expect(job.files.isEmpty && job.courseID == course && job.fileName == "Reply: Week 3 questions")
        try await engine(thread).runDueJobs()
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done)
        #expect(done.discussionReply?.existingIDs == ["52190"], "the same words posted before are not this job's")
        #expect(done.discussionReply?.postedID == "700001")
        #expect(thread.state.withLock { $0.calls } == ["list 52101", "post 52103"])
    }

    @Test func aReplyWhoseAnswerWasLostIsFoundByItsWordsNotPostedAgain() async throws {
        let thread = Thread()
        thread.state.withLock { $0.losingAnswers = 1 }
        let job = try reply()
        let engine = engine(thread)
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.discussionReply?.sentAt != nil, "it went out: read back before anything is posted again")
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(thread.state.withLock { $0.made } == 1, "never posted twice")
        #expect(try store.job(job.id)?.discussionReply?.postedID == "700001")
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func anotherPostOfTheStudentsIsNotTakenForThisOne() async throws {
        let thread = Thread()
        thread.state.withLock { $0.failingBeforeMaking = 1 }
        let job = try reply()
        let engine = engine(thread)
        try await engine.runDueJobs()
        thread.state.withLock { $0.posts.insert(DiscussionPostRecord(id: "52199", text: "Something else entirely"), at: 0) }
        clock.advance(by: 10)
        try await engine.runDueJobs()
        #expect(thread.state.withLock { $0.made } == 0, "within the answer window the post may still be on its way")
        #expect(try store.job(job.id)?.lastError?.contains("the reply sent earlier") == true)
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(thread.state.withLock { $0.made } == 1)
        #expect(try store.job(job.id)?.discussionReply?.postedID == "700001")
    }

    @Test func postsToOneDiscussionGoInTheOrderTheyWereQueued() async throws {
        let thread = Thread()
        thread.state.withLock { $0.failingBeforeMaking = 1 }
        let first = try reply("Same words", to: nil)
        clock.advance(by: 1)
        let second = try reply("Same words", to: nil)
        let engine = engine(thread)
        try await engine.runDueJobs()
        #expect(thread.state.withLock { $0.made } == 0, "the second waits for the first, which failed")
        for _ in 0..<3 {
            clock.advance(by: 600)
            try await engine.runDueJobs()
        }
        #expect(thread.state.withLock { $0.made } == 2, "two posts asked for, two made")
        let ids = [try store.job(first.id)?.discussionReply?.postedID, try store.job(second.id)?.discussionReply?.postedID]
        #expect(ids == ["700001", "700002"], "the second never takes the first's post for its own")
        #expect(try store.job(second.id)?.discussionReply?.existingIDs == ["700001"])
    }

    @Test func aReplyWithNoWordsIsNotQueued() throws {
        #expect(throws: UploadQueueError.noWords) { try reply(" \n\t ") }
        #expect(try store.jobs().isEmpty)
    }

    @Test func aRefusalForGoodFailsTheJobWithNothingLeftOnItsWay() async throws {
        let refusing = DiscussionWriteTransport(ownPosts: { _, _ in [] }, post: { _, _ in throw DiscussionError.replyBeforePost })
        let job = try reply()
        let engine = UploadEngine(store: store, transport: .unimplemented, discussionWrites: refusing, clock: clock.client, backend: "canvas")
        try await engine.runDueJobs()
        let failed = try #require(try store.job(job.id))
        #expect(failed.state == .failed(reason: DiscussionError.replyBeforePost.userMessage))
        #expect(failed.discussionReply?.sentAt == nil, "nothing was made, so a retry posts without waiting")
    }

    @Test func theRecordKeepsEveryStepAcrossARestart() throws {
        var job = try reply()
        job.discussionReply?.existingIDs = ["1"]
        job.discussionReply?.sentAt = clock.now()
        try store.update(job)
        let read = try #require(try folder.store(clock: clock.client).job(job.id))
        #expect(read.discussionReply == job.discussionReply)
        #expect(read.sendsNoFiles && read.isMessage)
    }
}
