import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport

/// `PlannerWriteTransport.canvas` for to-dos of one's own: `/api/v1/planner_notes`, made at most
/// once per send, changed by title and date, removed (again: removed), read back by their date.
struct CanvasPlannerNoteTests {
    let http = ScriptedHTTP()
    let events = EventSpy()
    let date = Date(timeIntervalSince1970: 1_765_411_140)   // 2025-12-10T23:59:00Z

    private func transport() throws -> PlannerWriteTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: http.client, clock: .fixed(Date(timeIntervalSince1970: 1_000_000)), analytics: events.analytics))
    }

    func note(_ action: UploadJob.PlannerNote.Action, id: String? = nil) -> UploadJob.PlannerNote {
        UploadJob.PlannerNote(action: action, noteID: id, title: "Đọc chương 3", date: date, details: "trang 40–60", courseID: CourseID(101))
    }

    @Test func aNoteIsMadeByOneRequestSentAtMostOnce() async throws {
        http.on("POST", "/api/v1/planner_notes", .text(#"{"id": 8001, "title": "Đọc chương 3", "todo_date": "2025-12-10T23:59:00Z", "workflow_state": "active"}"#, status: 201))
        #expect(try await transport().createNote(note(.add)) == "8001")
        let sent = try #require(http.requests.first)
        #expect(sent.request.isSentAtMostOnce)
        let fields = Dictionary(formFields(sent.request.body), uniquingKeysWith: { first, _ in first })
        #expect(fields == ["title": "Đọc chương 3", "todo_date": "2025-12-10T23:59:00Z", "details": "trang 40–60", "course_id": "101"])
    }

    @Test func theDaysNotesAreReadAroundTheDateLeavingOutRemovedOnes() async throws {
        let listed = #"[{"id": 1, "title": "A", "todo_date": "2025-12-10T23:59:00Z", "workflow_state": "active"},"#
            + #"{"id": 2, "title": "B", "todo_date": "2025-12-10T23:59:00Z", "workflow_state": "deleted"},"#
            + #"{"id": 3, "title": "C", "todo_date": null}]"#
        http.on("GET", "/api/v1/planner_notes", .text(listed))
        let notes = try await transport().notes(date)
        #expect(notes == [PlannerNoteRecord(id: "1", title: "A", date: date)])
        let asked = try #require(http.requests.first?.request.url.absoluteString)
        #expect(asked.contains("start_date=2025-12-09T23:59:00Z") && asked.contains("end_date=2025-12-11T23:59:00Z"), "\(asked)")
    }

    @Test func aChangeSendsTheTitleAndDateAndARemovalOfAGoneNoteIsDone() async throws {
        http.on("PUT", "/api/v1/planner_notes/8001", .text(#"{"id": 8001}"#))
        http.on("DELETE", "/api/v1/planner_notes/8001", .text(#"{"errors": [{"message": "The specified resource does not exist."}]}"#, status: 404, headers: ["Content-Type": "application/json; charset=utf-8"]))
        try await transport().updateNote(note(.edit, id: "8001"))
        #expect(formFields(http.requests.first?.request.body).map(\.0) == ["title", "todo_date"])
        try await transport().removeNote(note(.delete, id: "8001"))
        #expect(http.requests.map(\.request.method) == ["PUT", "DELETE"])
    }
}
