import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// The student's notes dated within a day either side of `date` (`GET /api/v1/planner_notes`).
    func plannerNotes(around date: Date) async throws -> [PlannerNoteRecord] {
        let query = [
            ("start_date", Self.timestamp(date.addingTimeInterval(-86_400))), ("end_date", Self.timestamp(date.addingTimeInterval(86_400))),
            ("per_page", "100"),
        ]
        let notes = try await all(CanvasPlannerNote.self, from: url("/api/v1/planner_notes", query: query), resource: .planner)
        return notes.filter { $0.workflow_state != "deleted" }.compactMap(\.record)
    }

    /// `POST /api/v1/planner_notes`, sent at most once: whether to send it again is the engine's
    /// call, made after it read the day's notes back.
    func createPlannerNote(_ note: UploadJob.PlannerNote) async throws -> String {
        var form = [("title", note.title), ("todo_date", Self.timestamp(note.date))]
        if let details = note.details { form.append(("details", details)) }
        if let course = note.courseID { form.append(("course_id", course.rawValue)) }
        let response = try await sendNote("POST", path: "/api/v1/planner_notes", form: form, title: note.title, once: true)
        guard let id = (try? JSONDecoder().decode(CanvasPlannerNote.self, from: Self.withoutJSONGuard(response.body)))?.id?.text else {
            // The note exists now; an answer that can't be read is read back from the day's notes.
            throw CanvasError.unexpectedResponse(host: host)
        }
        return id
    }

    /// `PUT /api/v1/planner_notes/:id` with the title and date; Canvas changes only the fields sent.
    func updatePlannerNote(_ note: UploadJob.PlannerNote) async throws {
        guard let id = note.noteID else { throw CanvasError.notFound(.plannerNote(note.title)) }
        _ = try await sendNote("PUT", path: "/api/v1/planner_notes/" + Self.pathSegment(id), form: [
            ("title", note.title), ("todo_date", Self.timestamp(note.date)),
        ], title: note.title)
    }

    /// `DELETE /api/v1/planner_notes/:id`; a note Canvas no longer has is removed already.
    func removePlannerNote(_ note: UploadJob.PlannerNote) async throws {
        guard let id = note.noteID else { return }
        do {
            _ = try await sendNote("DELETE", path: "/api/v1/planner_notes/" + Self.pathSegment(id), form: [], title: note.title)
        } catch CanvasError.notFound {
            return
        }
    }

    private func sendNote(_ method: String, path: String, form: [(String, String)], title: String, once: Bool = false) async throws -> HTTPResponse {
        let endpoint = url(path)
        let request = HTTPRequest(
            method: method, url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: form.isEmpty ? nil : Data(Self.formEncoded(form).utf8), isSentAtMostOnce: once
        )
        let (response, answeredURL) = try await exchange(request)
        try check(response, url: answeredURL, resource: .plannerNote(title))
        return response
    }
}
