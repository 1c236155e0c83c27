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

    /// Hands in the files `fileIDs` name (uploaded through `…/submissions/self/files`) as one new
    /// attempt at `assignment`, which errors call by `name`.
    func submit(course: CourseID, assignment: String, named name: String, fileIDs: [String]) async throws -> SubmissionAttempt? {
        try await submit(course: course, assignment: assignment, named: name, form: [("submission[submission_type]", "online_upload")] + fileIDs.map {
            ("submission[file_ids][]", $0)
        })
    }

    /// Hands in a text entry (as HTML made from the student's text) or a link, once, as `submit` does files.
    func submit(course: CourseID, assignment: String, named name: String, text: String?, url link: String?) async throws -> SubmissionAttempt? {
        var form: [(String, String)] = []
        if let text {
            form = [("submission[submission_type]", "online_text_entry"), ("submission[body]", HandInText.html(text))]
        } else if let link {
            form = [("submission[submission_type]", "online_url"), ("submission[url]", link)]
        }
        return try await submit(course: course, assignment: assignment, named: name, form: form)
    }

    private func submit(course: CourseID, assignment: String, named name: String, form: [(String, String)]) async throws -> SubmissionAttempt? {
        let resource = CanvasResource.submission(course, assignment: assignment)
        let submitURL = url(Self.submissionsPath(course: course, assignment: assignment))
        // Sent at most once, by the transport too: whether to send it again is the engine's call,
        // made after it read back what Canvas holds.
        let request = HTTPRequest(
            method: "POST", url: submitURL,
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded(form).utf8),
            isSentAtMostOnce: true
        )
        // Not waited out and sent again here: the engine notes when each hand-in goes out, and
        // a throttled one says it changed nothing, so the engine waits as Canvas asked instead.
        var once = self
        once.throttleDelays = []
        once.longestWait = 0
        let (response, _) = try await once.exchange(request)
        try checkRedirect(response, from: submitURL, assignment: assignment, named: name)
        try check(response, url: submitURL, resource: resource)
        // The attempt exists now; an answer that can't be read doesn't undo it.
        return (try? JSONDecoder().decode(CanvasSubmission.self, from: Self.withoutJSONGuard(response.body)))?.recordedAttempt
    }

    /// Throws what a redirect answering a hand-in means.
    ///
    /// Canvas's submissions controller turns away a hand-in to an assignment that is locked for
    /// the student (when its permission check let the hand-in through) with a 302 to the
    /// assignment's page, before it makes anything. Any other redirect (a login page, a proxy's,
    /// the `?submitted=` of a hand-in taken as a web form) may come after an attempt was made,
    /// so it is unexpected, not a refusal: the engine reads the attempts back before sending again.
    private func checkRedirect(_ response: HTTPResponse, from url: URL, assignment: String, named name: String) throws {
        guard (300..<400).contains(response.status) else { return }
        let location = response.header("Location").flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
        if response.status == 302, let location, isPage(location, ofAssignment: assignment) {
            throw CanvasError.assignmentLocked(name: name)
        }
        logUnexpected(url: url, status: response.status, detail: "hand-in redirected to \(location?.path ?? "nowhere")")
        throw CanvasError.unexpectedResponse(host: host)
    }

    /// Whether `url` is the web page of `assignment` on this Canvas, `…/courses/:id/assignments/:id`
    /// with no query (the course by its Canvas ID, whatever ID the request used).
    private func isPage(_ url: URL, ofAssignment assignment: String) -> Bool {
        guard isSameOrigin(url), url.query == nil else { return false }
        let base = baseURL.pathComponents.filter { $0 != "/" }
        let path = url.pathComponents.filter { $0 != "/" }
        guard path.count == base.count + 4, Array(path.prefix(base.count)) == base else { return false }
        let page = path.suffix(4)
        return page.first == "courses" && page.dropFirst(2).elementsEqual(["assignments", assignment])
    }

    static func submissionsPath(course: CourseID, assignment: String) -> String {
        "/api/v1/courses/\(pathSegment(course))/assignments/\(pathSegment(assignment))/submissions"
    }
}
