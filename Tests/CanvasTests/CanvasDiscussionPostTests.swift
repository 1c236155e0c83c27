import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport

/// `DiscussionWriteTransport.canvas`: a post is one request sent at most once, its words as
/// HTML; the student's own posts are read back where Canvas lists the new one, by user ID.
struct CanvasDiscussionPostTests {
    let http = ScriptedHTTP()
    let topics = "/api/v1/courses/52/discussion_topics/600521"
    let json = ["Content-Type": "application/json; charset=utf-8"]

    private func transport() throws -> DiscussionWriteTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: http.client, clock: .fixed(Date(timeIntervalSince1970: 1_000_000)), analytics: .noOp))
    }

    func reply(to entry: String? = nil, thread: String? = nil, text: String = "Câu 2: <b>4,2</b> m/s & more\n\nThanks") -> UploadJob.DiscussionReply {
        UploadJob.DiscussionReply(topicID: "600521", topicTitle: "Week 3 questions", entryID: entry, threadID: thread, text: text)
    }

    @Test func aPostToTheDiscussionIsOneRequestSentAtMostOnceItsWordsEscaped() async throws {
        http.on("POST", topics + "/entries", .text(#"{"id": 700001, "user_id": 1, "message": "<p>x</p>"}"#, status: 201, headers: json))
        #expect(try await transport().post(CourseID(52), reply()) == "700001")
        let sent = try #require(http.requests.first)
        #expect(sent.request.isSentAtMostOnce)
        #expect(sent.request.url.path == topics + "/entries")
        #expect(formFields(sent.request.body).map(\.1) == ["<p>Câu 2: &lt;b&gt;4,2&lt;/b&gt; m/s &amp; more</p><p>Thanks</p>"])
    }

    @Test func aReplyGoesToTheEntryRepliedTo() async throws {
        http.on("POST", "/entries/52103/replies", .text(#"{"id": "700002", "parent_id": 52103}"#, status: 201, headers: json))
        #expect(try await transport().post(CourseID(52), reply(to: "52103", thread: "52101")) == "700002")
        #expect(http.requests.first?.request.url.path == topics + "/entries/52103/replies")
    }

    @Test func theStudentsOwnPostsAreReadWhereTheNewOneIsListed() async throws {
        http.on("GET", "/api/v1/users/self", .text(#"{"id": 1, "name": "Lan"}"#, headers: json))
        let listed = #"[{"id": 3, "user_id": 1, "message": "<p>Câu 2: &lt;b&gt;4,2&lt;/b&gt;</p>"},"#
            + #"{"id": 2, "user_id": 7, "message": "<p>Someone else</p>"}, {"id": 1, "deleted": true}]"#
        http.on("GET", "/entries/52101/replies", .text(listed, headers: json))
        http.on("GET", topics + "/entries", .text(#"[{"id": 9, "user_id": 1, "message": "<p>Top</p>"}]"#, headers: json))
        let transport = try transport()
        let replies = try await transport.ownPosts(CourseID(52), reply(to: "52103", thread: "52101"))
        #expect(replies == [DiscussionPostRecord(id: "3", text: "Câu 2: <b>4,2</b>")])
        #expect(try await transport.ownPosts(CourseID(52), reply()) == [DiscussionPostRecord(id: "9", text: "Top")])
        let asked = http.requests.map(\.request.url.path)
        #expect(asked == ["/api/v1/users/self", topics + "/entries/52101/replies", topics + "/entries"], "who the student is is asked once")
    }

    @Test func aStudentWhoMustPostFirstHasNoPostsAndAReplyIsRefusedForGood() async throws {
        http.on("GET", "/api/v1/users/self", .text(#"{"id": 1}"#, headers: json))
        http.on("GET", "/replies", .text(#""require_initial_post""#, status: 403, headers: json))
        http.on("POST", "/replies", .text(#""require_initial_post""#, status: 403, headers: json))
        let transport = try transport()
        #expect(try await transport.ownPosts(CourseID(52), reply(to: "52201", thread: "52201")).isEmpty)
        await #expect(throws: DiscussionError.replyBeforePost) { try await transport.post(CourseID(52), reply(to: "52201")) }
        #expect(!DiscussionError.replyBeforePost.isTransient && DiscussionError.replyBeforePost.changedNothing)
    }

    @Test func aClosedDiscussionIsRefusedInWordsThatSaySo() async throws {
        let body = #"{"status": "unauthorized", "errors": [{"message": "user not authorized to perform that action"}]}"#
        http.on("POST", "/entries", .text(body, status: 403, headers: json))
        do {
            _ = try await transport().post(CourseID(52), reply())
            Issue.record("a closed discussion took a post")
        } catch let error as CanvasError {
            #expect(error == .notPermitted(.discussionPost(CourseID(52), title: "Week 3 questions")))
            #expect(error.userMessage.contains("post to “Week 3 questions”: it is closed for comments or locked"), "\(error.userMessage)")
            #expect(!error.isTransient)
        }
    }
}
