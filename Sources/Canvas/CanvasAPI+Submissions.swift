import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// Every attempt the user made at `assignment`, oldest first, from the submission's history.
    func submissionAttempts(course: CourseID, assignment: String) async throws -> [SubmissionAttempt] {
        let resource = CanvasResource.submission(course, assignment: assignment)
        let submissionURL = url(Self.submissionsPath(course: course, assignment: assignment) + "/self", query: [("include[]", "submission_history")])
        return try await get(CanvasSubmission.self, from: submissionURL, resource: resource).0.recordedAttempts
    }

    /// Hands in the files `fileIDs` name (uploaded through `…/submissions/self/files`) as one new attempt.
    func submit(course: CourseID, assignment: String, fileIDs: [String]) async throws -> SubmissionAttempt? {
        let resource = CanvasResource.submission(course, assignment: assignment)
        let submitURL = url(Self.submissionsPath(course: course, assignment: assignment))
        let form = [("submission[submission_type]", "online_upload")] + fileIDs.map { ("submission[file_ids][]", $0) }
        let request = HTTPRequest(
            method: "POST", url: submitURL,
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded(form).utf8)
        )
        // Not waited out and sent again here: the engine notes when each hand-in goes out, and
        // a throttled one says it changed nothing, so the engine waits as Canvas asked instead.
        var once = self
        once.throttleDelays = []
        once.longestWait = 0
        let response = try await once.send(request, resource: resource)
        // The attempt exists now; an answer that can't be read doesn't undo it.
        return (try? JSONDecoder().decode(CanvasSubmission.self, from: Self.withoutJSONGuard(response.body)))?.recordedAttempt
    }

    static func submissionsPath(course: CourseID, assignment: String) -> String {
        "/api/v1/courses/\(pathSegment(course))/assignments/\(pathSegment(assignment))/submissions"
    }
}
