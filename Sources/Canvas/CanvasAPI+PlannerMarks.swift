import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// Sets `mark` in the student's planner and returns the ID of the item's override.
    ///
    /// Canvas keeps one override per item, whatever its state, and answers a second `POST` for
    /// an item with `400` "taken" without naming the one it has: an earlier send whose answer
    /// was lost made it, or Canvas did on a hand-in. Then the student's overrides are read, the
    /// item's is found and updated; so however often a mark is sent, the item has one override.
    func setDone(_ mark: UploadJob.PlannerMark) async throws -> String {
        if let id = mark.overrideID {
            return try await updateOverride(id, to: mark)
        }
        let form = [("plannable_type", mark.kindName), ("plannable_id", mark.plannableID)] + Self.flags(of: mark)
        let endpoint = url("/api/v1/planner/overrides")
        let request = HTTPRequest(
            method: "POST", url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded(form).utf8), isSentAtMostOnce: true
        )
        let (response, answeredURL) = try await exchange(request)
        if response.status == 400, Self.isTaken(response.body) {
            guard let existing = try await override(of: mark) else {
                throw CanvasError.refused(.plannerMark(mark.title), reason: "Canvas keeps a removed done mark for \(mark.title) that it won't show again; mark it on Canvas's own page")
            }
            var known = mark
            known.isDismissed = existing.dismissed ?? mark.isDismissed
            return try await updateOverride(existing.id?.text ?? "", to: known)
        }
        try check(response, url: answeredURL, resource: .plannerMark(mark.title))
        return try overrideID(in: response, url: answeredURL)
    }

    /// `PUT /api/v1/planner/overrides/:id` with both flags: Canvas sets one left out to false.
    private func updateOverride(_ id: String, to mark: UploadJob.PlannerMark) async throws -> String {
        let endpoint = url("/api/v1/planner/overrides/" + Self.pathSegment(id))
        let request = HTTPRequest(
            method: "PUT", url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded(Self.flags(of: mark)).utf8)
        )
        let (response, answeredURL) = try await exchange(request)
        try check(response, url: answeredURL, resource: .plannerMark(mark.title))
        return try overrideID(in: response, url: answeredURL)
    }

    /// The item's override among the student's active ones; nil where it has none listed.
    private func override(of mark: UploadJob.PlannerMark) async throws -> CanvasPlannerItem.Override? {
        let all = try await all(CanvasPlannerItem.Override.self, from: url("/api/v1/planner/overrides", query: [("per_page", "100")]), resource: .planner)
        return all.first { $0.plannable_type == mark.kindName && $0.plannable_id?.text == mark.plannableID && $0.id != nil }
    }

    private func overrideID(in response: HTTPResponse, url: URL) throws -> String {
        guard let id = try decode(CanvasPlannerItem.Override.self, from: response, url: url).id?.text else {
            logUnexpected(url: url, status: response.status, detail: "a planner override without an id")
            throw CanvasError.unexpectedResponse(host: host)
        }
        return id
    }

    private static func flags(of mark: UploadJob.PlannerMark) -> [(String, String)] {
        [("marked_complete", mark.isDone ? "true" : "false"), ("dismissed", mark.isDismissed ? "true" : "false")]
    }

    /// Whether a `400` says the item has an override already (`errors.plannable_id[].type == "taken"`).
    static func isTaken(_ body: Data) -> Bool {
        struct Errors: Decodable {
            struct Detail: Decodable { var type: String? }
            var errors: [String: [Detail]]?
        }
        let details = (try? JSONDecoder().decode(Errors.self, from: withoutJSONGuard(body)))?.errors?["plannable_id"] ?? []
        return details.contains { $0.type == "taken" }
    }
}
