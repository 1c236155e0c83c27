import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport
import UploadQueue

/// What the hand-in's `POST …/submissions` asks of the HTTP client, and what a redirect in
/// answer to it means, with the headers and bodies Canvas sends.
struct CanvasHandInAnswerTests {
    let http = ScriptedHTTP()
    let events = EventSpy()
    static let assignmentPage = "https://school.example/courses/101/assignments/2001"
    static let ticket = #"{"upload_url": "https://files.example/upload/abc", "file_param": "file", "upload_params": {"key": "k"}}"#
    static let unsubmitted = #"{"attempt": null, "workflow_state": "unsubmitted", "submission_history": [{"attempt": null}]}"#
    static let submitted = #"""
    {"attempt": 1, "submitted_at": "2026-05-01T10:00:00Z", "workflow_state": "submitted",
     "submission_history": [{"attempt": 1, "submitted_at": "2026-05-01T10:00:00Z",
                             "attachments": [{"id": 9, "display_name": "essay.pdf", "size": 5000}]}]}
    """#

    private func transport(clock: WallClock = .fixed(Date(timeIntervalSince1970: 1_000_000))) throws -> SubmissionTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: http.client, clock: clock, analytics: events.analytics))
    }

    private func job(course: CourseID = CourseID(101)) -> UploadJob {
        UploadJob(
            id: "job-1", courseID: course, files: [QueuedFile(name: "essay.pdf", sourcePath: "/tmp/essay.pdf", size: 5000)],
            submission: .init(assignmentID: "2001", assignmentName: "Essay"), backend: "canvas", queuedAt: Date(timeIntervalSince1970: 0)
        )
    }

    /// Canvas's locked-assignment answer: a 302 to the assignment's page, the body Rails 7
    /// sends (none) or the one older Rails sent.
    static let lockedRedirects: [HTTPResponse] = [
        .text("", status: 302, headers: ["Location": assignmentPage, "Content-Type": "text/html; charset=utf-8"]),
        .text(#"<html><body>You are being <a href="\#(assignmentPage)">redirected</a>.</body></html>"#, status: 302,
              headers: ["Location": assignmentPage, "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "_normandy_session=abc; path=/"]),
        .text("", status: 302, headers: ["Location": "/courses/101/assignments/2001"]),
    ]

    @Test func onlyTheHandInIsSentAtMostOnce() async throws {
        http.on("POST", "/assignments/2001/submissions", .text(Self.submitted, status: 201))
        http.on("GET", "/assignments/2001/submissions/self", .text(Self.submitted))
        let transport = try transport()
        #expect(try await transport.submit(job(), ["9"])?.attempt == 1)
        _ = try await transport.attempts(CourseID(101), "2001")
        #expect(http.requests.map(\.request.method) == ["POST", "GET"])
        #expect(http.requests.map(\.request.isSentAtMostOnce) == [true, false])
    }

    @Test(arguments: lockedRedirects)
    func canvassRedirectToTheAssignmentPageIsALockedAssignmentThatChangedNothing(answer: HTTPResponse) async throws {
        http.on("POST", "/assignments/2001/submissions", answer)
        do {
            _ = try await transport().submit(job(), ["9"])
            Issue.record("a locked assignment took the hand-in")
        } catch let error as CanvasError {
            #expect(error == .assignmentLocked(name: "Essay"))
            #expect(error.userMessage == "Essay is locked: Canvas takes no submissions to it")
            #expect(error.changedNothing)
            #expect(!error.isTransient)
        }
        #expect(http.requests.count == 1, "the redirect is not followed")
    }

    /// Canvas names the course by its ID in the page's address, whatever ID the hand-in used.
    @Test func theLockedRedirectIsKnownWhenTheHandInNamedTheCourseBySISID() async throws {
        http.on("POST", "/assignments/2001/submissions", .text("", status: 302, headers: ["Location": "https://school.example/courses/4242/assignments/2001"]))
        let course = try #require(CourseID("sis_course_id:ABC-101"))
        await #expect(throws: CanvasError.assignmentLocked(name: "Essay")) {
            try await transport().submit(job(course: course), ["9"])
        }
    }

    @Test(arguments: [
        (302, "\(assignmentPage)?submitted=1"),
        (302, "\(assignmentPage)?submitted=0&confetti=true"),
        (302, "https://school.example/login/canvas"),
        (302, "https://sso.school.example/idp/profile/SAML2/Redirect/SSO?SAMLRequest=x"),
        (302, "https://evil.example/courses/101/assignments/2001"),
        (302, "https://school.example/courses/101/assignments/2002"),
        (302, "https://school.example/courses/101/assignments/2001/submissions/1"),
        (302, "https://school.example/"),
        (301, assignmentPage),
        (303, assignmentPage),
        (307, assignmentPage),
    ])
    func anyOtherRedirectMayHaveMadeTheAttempt(status: Int, location: String) async throws {
        http.on("POST", "/assignments/2001/submissions", .text("", status: status, headers: ["Location": location]))
        do {
            _ = try await transport().submit(job(), ["9"])
            Issue.record("a redirect counted as a hand-in")
        } catch let error as CanvasError {
            #expect(error == .unexpectedResponse(host: "school.example"))
            #expect(!error.changedNothing, "the engine reads the attempts back before it sends again")
            #expect(error.isTransient)
        }
        #expect(events.names == ["unexpected_response"])
    }

    @Test func aRedirectWithoutALocationMayHaveMadeTheAttemptToo() async throws {
        http.on("POST", "/assignments/2001/submissions", .text("", status: 302))
        await #expect(throws: CanvasError.unexpectedResponse(host: "school.example")) { try await transport().submit(job(), ["9"]) }
    }

    /// After a redirect that came once Canvas made the attempt (`?submitted=1`), the engine finds
    /// the attempt when it reads back, and takes it as its own without sending again.
    @Test func theEngineTakesTheAttemptARedirectHidAndSendsNothingMore() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        http.on("POST", "/assignments/2001/submissions/self/files", .text(Self.ticket))
        http.on("POST", "files.example/upload/abc", .text("", status: 301, headers: ["Location": "https://school.example/api/v1/files/9/create_success?uuid=u"]))
        http.on("GET", "/api/v1/files/9", .text(#"{"id": 9, "display_name": "essay.pdf", "size": 5000}"#))
        http.on("POST", "/assignments/2001/submissions", .text("", status: 302, headers: ["Location": "\(Self.assignmentPage)?submitted=1"]))
        http.on("GET", "/assignments/2001/submissions/self", .text(Self.unsubmitted), .text(Self.submitted))
        let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
        let store = UploadStore(directory: folder.url.appendingPathComponent("data"), clock: clock.client)
        let source = try folder.payload("essay.pdf", size: 5000)
        let plan = UploadJob.Submission(assignmentID: "2001", assignmentName: "Essay")
        let queued = try store.enqueue(files: [source], course: CourseID(101), backend: "canvas", submission: plan)
        let engine = UploadEngine(store: store, transport: .unimplemented, submissions: try transport(clock: clock.client),
                                  clock: clock.client, backend: "canvas", jitter: { 1 })
        try await engine.runDueJobs()
        clock.advance(by: 600)
        try await engine.runDueJobs()
        let done = try #require(try store.job(queued.id))
        #expect(done.state == .done)
        #expect(done.submission?.receipt?.attempt == 1)
        #expect(http.requests.filter { $0.request.method == "POST" && $0.request.url.path.hasSuffix("/assignments/2001/submissions") }.count == 1)
    }
}
