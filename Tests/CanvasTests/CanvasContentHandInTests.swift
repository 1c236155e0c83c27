import Foundation
import Testing
@testable import Canvas
import CanvasJSON
import CourseKit
import HTTP
import TestSupport

/// A text entry or a link handed in to Canvas: one `POST …/submissions`, sent at most once, with
/// the text as HTML; the attempts read back carry their words or link to be known again.
struct CanvasContentHandInTests {
    let http = ScriptedHTTP()
    let events = EventSpy()

    private func transport() throws -> SubmissionTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: http.client, clock: .fixed(Date(timeIntervalSince1970: 1_000_000)), analytics: events.analytics))
    }

    func job(text: String? = nil, url: String? = nil) -> UploadJob {
        UploadJob(
            id: "job-1", courseID: CourseID(101), files: [],
            submission: .init(assignmentID: "2001", assignmentName: "Essay", text: text, url: url), backend: "canvas", queuedAt: Date(timeIntervalSince1970: 0)
        )
    }

    static let made = #"{"attempt": 1, "submitted_at": "2026-05-01T10:00:00Z", "workflow_state": "submitted", "submission_type": "online_text_entry", "body": "<p>Hi &amp; bye</p>"}"#

    @Test func aTextGoesAsItsHTMLBodyOnce() async throws {
        http.on("POST", "/assignments/2001/submissions", .text(Self.made, status: 201))
        let attempt = try await transport().submit(job(text: "Hi & bye"), [])
        #expect(attempt?.attempt == 1)
        #expect(attempt?.text == "Hi & bye", "known again by its words")
        let sent = try #require(http.requests.first)
        #expect(sent.request.isSentAtMostOnce)
        #expect(formFields(sent.request.body).map { "\($0)=\($1)" } == ["submission[submission_type]=online_text_entry", "submission[body]=<p>Hi &amp; bye</p>"])
    }

    @Test func aLinkGoesAsItIs() async throws {
        http.on("POST", "/assignments/2001/submissions", .text(#"{"attempt": 3, "submission_type": "online_url", "url": "http://example.com/a"}"#, status: 201))
        let attempt = try await transport().submit(job(url: "example.com/a"), [])
        #expect(attempt?.url == "http://example.com/a")
        #expect(formFields(http.requests.first?.request.body).map { "\($0)=\($1)" } == ["submission[submission_type]=online_url", "submission[url]=example.com/a"])
    }

    @Test func theHistoryCarriesEachAttemptsWordsOrLinkAndFilesOnlyForUploads() throws {
        let body = #"""
        {"attempt": 3, "submission_history": [
          {"attempt": 1, "submission_type": "online_upload", "body": null, "attachments": [{"id": 9, "display_name": "a.pdf", "size": 3}]},
          {"attempt": 2, "submission_type": "online_text_entry", "body": "<p>One<br>two</p><p>three</p>"},
          {"attempt": 3, "submission_type": "online_url", "url": "http://example.com/x", "body": "<p>not the text</p>"}]}
        """#
        let attempts = try JSONDecoder().decode(CanvasSubmission.self, from: Data(body.utf8)).recordedAttempts
        #expect(attempts.map(\.text) == [nil, "One two three", nil])
        #expect(attempts.map(\.url) == [nil, nil, "http://example.com/x"])
        #expect(attempts[0].files.count == 1)
    }
}
