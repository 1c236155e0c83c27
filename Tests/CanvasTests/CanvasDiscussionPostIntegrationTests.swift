import Foundation
import Testing
@testable import Canvas
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// Posts and replies queued for course 52's discussions on the loopback fake Canvas, sent by the
/// upload engine: exactly one entry each, whatever answers are lost on the way back.
@Suite(.timeLimit(.minutes(3)))
struct CanvasDiscussionPostIntegrationTests {
    static let week3 = 600_521
    static let reflection = 600_522
    let folder: ScratchFolder
    let clock = ManualClock(Date())

    init() throws {
        folder = try ScratchFolder()
    }

    private func student() async throws -> FakeCanvasServer {
        let server = try FakeCanvasServer()
        try await server.configure(#"{"role": "student"}"#)
        return server
    }

    private func queue(_ server: FakeCanvasServer) -> (UploadStore, UploadEngine) {
        let connection = CanvasConnection(
            baseURL: server.baseURL, credentials: .test(server.token),
            http: .curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10))), clock: .live, analytics: .noOp
        )
        let store = UploadStore(directory: folder.url.appendingPathComponent("data"), clock: clock.client)
        let engine = UploadEngine(
            store: store, transport: .unimplemented, discussionWrites: .canvas(connection), clock: clock.client, backend: "canvas", jitter: { 1 }
        )
        return (store, engine)
    }

    private func discussion(_ server: FakeCanvasServer, _ id: Int) async throws -> FakeCanvasServer.Discussion {
        try #require(try await server.discussions().first { $0.id == id })
    }

    /// Runs the engine until nothing is left to send, the clock past every wait.
    private func drain(_ engine: UploadEngine) async throws {
        for _ in 0..<4 {
            try await engine.runDueJobs()
            clock.advance(by: 600)
        }
    }

    @Test(arguments: ["lost_reply", "drop_reply"])
    func aPostAndAReplyWhoseAnswersAreLostAreEachMadeOnce(fault: String) async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "/discussion_topics/\#(Self.week3)/entries$", "method": "POST", "kind": "\#(fault)"}"#)
        try await server.fault(#"{"match": "/entries/52103/replies$", "method": "POST", "kind": "\#(fault)"}"#)
        let (store, engine) = queue(server)
        let post = UploadJob.DiscussionReply(topicID: String(Self.week3), topicTitle: "Week 3 questions", text: "Is problem 4 due Friday?\n\nThanks")
        let reply = UploadJob.DiscussionReply(
            topicID: String(Self.week3), topicTitle: "Week 3 questions", entryID: "52103", threadID: "52101", text: "Same here: 4,2 m/s <not 5>"
        )
        let postJob = try store.enqueueReply(post, course: CourseID(52), backend: "canvas")
        clock.advance(by: 1)
        let jobs = [postJob, try store.enqueueReply(reply, course: CourseID(52), backend: "canvas")]
        try await drain(engine)
        for job in jobs {
            #expect(try store.job(job.id)?.state == .done)
        }
        let own = try await discussion(server, Self.week3).own
        #expect(own.map(\.message) == ["<p>Is problem 4 due Friday?</p><p>Thanks</p>", "<p>Same here: 4,2 m/s &lt;not 5&gt;</p>"], "one each")
        #expect(own.map(\.parent_id) == [nil, 52103])
        #expect(try store.job(jobs[1].id)?.discussionReply?.postedID == own.last.map { String($0.id) })
        let posts = try await server.requests().filter { $0.method == "POST" && $0.path.contains("/discussion_topics/") }
        #expect(posts.count == 2, "nothing was posted again")
    }

    @Test func aReplyBeforeTheStudentPostedFailsForGoodAndTheirFirstPostOpensTheThread() async throws {
        let server = try await student()
        defer { server.stop(); folder.remove() }
        let (store, engine) = queue(server)
        let early = UploadJob.DiscussionReply(topicID: String(Self.reflection), topicTitle: "Reflection post", entryID: "52201", threadID: "52201", text: "Agreed")
        let replyJob = try store.enqueueReply(early, course: CourseID(52), backend: "canvas")
        try await drain(engine)
        #expect(try store.job(replyJob.id)?.state == .failed(reason: DiscussionError.replyBeforePost.userMessage))
        let first = UploadJob.DiscussionReply(topicID: String(Self.reflection), topicTitle: "Reflection post", text: "My reflection")
        let postJob = try store.enqueueReply(first, course: CourseID(52), backend: "canvas")
        try await drain(engine)
        #expect(try store.job(postJob.id)?.state == .done)
        try await engine.retry(replyJob.id)
        try await drain(engine)
        #expect(try store.job(replyJob.id)?.state == .done)
        #expect(try await discussion(server, Self.reflection).own.map(\.parent_id) == [nil, 52201])
    }
}
