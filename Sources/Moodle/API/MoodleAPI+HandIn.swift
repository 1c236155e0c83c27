import CourseKit
import FoundationEssentials
import HTMLText
import HTTP

extension MoodleAPI {
    /// How long after the first file went into a draft area a hand-in still saves from it: Moodle
    /// clears draft areas older than four days, a few hours after they pass it.
    static let draftLifetime: TimeInterval = 3 * 86_400

    /// The assignment that course module `cmid` of `course` is, with its settings as they are now.
    func assign(_ course: CourseID, cmid: String) async throws -> MoodleAssign {
        guard let found = try await assignments(course).first(where: { String($0.cmid.value) == cmid }) else {
            throw MoodleError.refused(action: "find assignment \(cmid) in course \(course)", reason: "the course has no such assignment")
        }
        return found
    }

    /// Every attempt at the assignment as the engine counts them, oldest first: each one's number,
    /// its files, when it last changed (its `revision`) and whether it is handed in.
    func attempts(_ course: CourseID, cmid: String) async throws -> [SubmissionAttempt] {
        let assign = try await assign(course, cmid: cmid)
        return Self.attempts(in: try await submissionStatus(assign.id.value), due: MoodleTime.date(assign.duedate?.value))
    }

    static func attempts(in status: MoodleSubmissionStatus, due: Date?) -> [SubmissionAttempt] {
        let extended = MoodleTime.date(status.lastattempt?.extensionduedate?.value)
        let deadline = [due, extended].compactMap { $0 }.max()
        let earlier = (status.previousattempts ?? []).sorted { $0.attemptnumber.value < $1.attemptnumber.value }.compactMap(\.submission)
        let latest = status.lastattempt?.submission ?? status.lastattempt?.teamsubmission
        return (earlier + [latest].compactMap { $0 }).map { attempt($0, deadline: deadline) }
    }

    private static func attempt(_ submission: MoodleSubmission, deadline: Date?) -> SubmissionAttempt {
        let handedIn = submission.status == "submitted"
        let modified = MoodleTime.date(submission.timemodified?.value)
        let files = (submission.plugins ?? []).filter { $0.type == "file" }.flatMap { $0.fileareas ?? [] }.flatMap { $0.files ?? [] }
        let text = (submission.plugins ?? []).first { $0.type == "onlinetext" }?.editorfields?.first?.text
        return SubmissionAttempt(
            attempt: (submission.attemptnumber?.value ?? 0) + 1,
            submittedAt: handedIn ? modified : nil,
            isLate: handedIn && modified.map { date in deadline.map { date > $0 } ?? false } == true,
            files: files.map { SubmissionAttempt.File(name: $0.filename ?? "", size: Int64($0.filesize?.value ?? 0)) },
            revision: submission.timemodified?.value ?? 0,
            isHandedIn: handedIn,
            text: text.map { HandInText.normalized(HTMLText.plainText($0)) }.flatMap(\.nonBlank)
        )
    }

    /// Uploads `payload` as file `index` of `job` into the job's draft area, returning its mark:
    /// `itemid@seconds`, the draft area and when its first file went in.
    ///
    /// Files of one job share one draft area; a name the job has twice goes into a folder of its
    /// own (`/2/`), as the area holds each path once. A name already there is this job's own file
    /// from an attempt whose answer was lost (the area is the job's alone, and Moodle stores a file
    /// only once it is whole), so it counts as uploaded.
    func uploadDraftFile(_ job: UploadJob, index: Int, payload: URL, progress: @escaping @Sendable (Int64) -> Void) async throws -> String {
        let earlier = (job.submission?.uploadedFileIDs ?? []).compactMap { $0.flatMap(DraftMark.init) }
        let area = earlier.first
        let file = job.files[index]
        let repeats = job.files[..<index].filter { $0.name == file.name }.count
        let form = MultipartForm(
            fields: [
                ("token", credentials.token), ("filearea", "draft"), ("itemid", String(area?.itemid ?? 0)),
                ("filepath", repeats == 0 ? "/" : "/\(repeats + 1)/"),
            ],
            fileField: "file_1", fileName: file.name, fileContentType: "application/octet-stream"
        )
        let request = HTTPRequest(method: "POST", url: url("/webservice/upload.php"), headers: ["Content-Type": form.contentType, "Accept": "application/json"])
        // The form's own fields are sent before the file's bytes: what is shown counts only those.
        let preamble = Int64(form.preamble.count)
        let response = try await http.upload(request, form.body(payload: payload, size: file.size, sha256: file.sha256)) { sent in
            progress(min(max(sent - preamble, 0), file.size))
        }
        guard response.status == 200 else {
            if response.status == 503 {
                throw MoodleError.maintenance(host: host, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now()))
            }
            throw MoodleError.server(host: host, status: response.status)
        }
        if MoodleAnswer.isWebPage(response) { throw MoodleError.webPage(host: host) }
        if let failure = MoodleException(response.body) {
            throw failure.error(host: host, function: "webservice/upload.php", credentials: credentials)
        }
        guard let answer = (try? JSONDecoder().decode([MoodleUploadAnswer].self, from: response.body))?.first else {
            logUnexpected(function: "webservice/upload.php", status: 200, detail: "not a list of files")
            throw MoodleError.unexpectedResponse(host: host)
        }
        if answer.errortype == "filenameexist", let area {
            return area.text
        }
        guard let itemid = answer.itemid?.value, answer.errortype == nil else {
            throw MoodleError.refused(action: "take \(file.name)", reason: MoodleText.plain(answer.error ?? answer.errortype ?? "no reason given"))
        }
        return DraftMark(itemid: itemid, createdAt: area?.createdAt ?? MoodleTime.seconds(clock.now())).text
    }

    /// Hands the job's draft area in: saves it as the submission (keeping any online text the
    /// student wrote), then submits it for grading where the assignment keeps drafts. Nothing is
    /// saved again when the submission already holds these files since the job's first reading
    /// (a save whose answer was lost), so a retry only finishes what is left.
    func handIn(_ job: UploadJob, fileIDs: [String]) async throws -> SubmissionAttempt? {
        if let plan = job.submission, let text = plan.text {
            return try await handIn(text, of: job, plan: plan)
        }
        guard let plan = job.submission, let area = fileIDs.lazy.compactMap(DraftMark.init).first else {
            throw MoodleError.refused(action: "hand the files in", reason: "they were not uploaded")
        }
        let assign = try await assign(job.courseID, cmid: plan.assignmentID)
        let instance = assign.id.value
        let status = try await submissionStatus(instance, raw: true)
        let current = Self.attempts(in: status, due: nil).last
        let saved = current.map { $0.order > (plan.attemptBefore ?? 0) && $0.carries(job.files) } ?? false
        if !saved {
            let age = clock.now().timeIntervalSince(Date(timeIntervalSince1970: TimeInterval(area.createdAt)))
            if age > Self.draftLifetime { throw MoodleError.draftExpired(days: Int(age / 86_400)) }
            try await save(area.itemid, to: assign, keeping: status, name: plan.assignmentName, draftAge: age)
        }
        if assign.keepsDrafts, current?.isHandedIn != true || !saved {
            try await submitForGrading(assign, accepting: plan.acceptedStatement != nil, name: plan.assignmentName)
        }
        return nil
    }

    /// Hands `text` in as the submission's online text: saves it (the files it holds stay as they
    /// are), then submits it for grading where the assignment keeps drafts. A submission that
    /// holds these words since the job's first reading (a save whose answer was lost) is not
    /// saved again.
    private func handIn(_ text: String, of job: UploadJob, plan: UploadJob.Submission) async throws -> SubmissionAttempt? {
        let assign = try await assign(job.courseID, cmid: plan.assignmentID)
        guard assign.takes("onlinetext") else {
            throw MoodleError.refused(action: "take a text for \(plan.assignmentName)", reason: "the assignment takes no online text")
        }
        let status = try await submissionStatus(assign.id.value, raw: true)
        let current = Self.attempts(in: status, due: nil).last
        let saved = current.map { $0.order > (plan.attemptBefore ?? 0) && $0.carries(contentOf: plan) } ?? false
        if !saved {
            var parameters = MoodleParameters()
            parameters.add("moodlewssettinglang", "en")
            parameters.add("assignmentid", assign.id.value)
            parameters.add("plugindata[onlinetext_editor][text]", HandInText.html(text))
            // 1: HTML; item 0: no draft area, so Moodle keeps the text as it is sent.
            parameters.add("plugindata[onlinetext_editor][format]", 1)
            parameters.add("plugindata[onlinetext_editor][itemid]", 0)
            let warnings = try await call([MoodleWarning].self, "mod_assign_save_submission", parameters, Call(isSentAtMostOnce: true))
            if let warning = warnings.first {
                throw MoodleError.refused(action: "save your text for \(plan.assignmentName)", reason: MoodleText.plain(warning.item ?? warning.message ?? "no reason given"))
            }
        }
        if assign.keepsDrafts, current?.isHandedIn != true || !saved {
            try await submitForGrading(assign, accepting: plan.acceptedStatement != nil, name: plan.assignmentName)
        }
        return nil
    }

    /// `mod_assign_save_submission` with the draft area as the submission's files; where the
    /// assignment takes online text, that text is sent back as it is stored (a save without it would
    /// lose it), its embedded files left alone (`itemid` -1).
    ///
    /// The warnings come in English (`moodlewssettinglang`), so the one that means the draft area
    /// was found empty is known whatever the student's language on the site.
    private func save(_ itemid: Int, to assign: MoodleAssign, keeping status: MoodleSubmissionStatus, name: String, draftAge: TimeInterval) async throws {
        var parameters = MoodleParameters()
        parameters.add("moodlewssettinglang", "en")
        parameters.add("assignmentid", assign.id.value)
        parameters.add("plugindata[files_filemanager]", itemid)
        if assign.takes("onlinetext") {
            let field = (status.lastattempt?.submission?.plugins ?? []).first { $0.type == "onlinetext" }?.editorfields?.first
            parameters.add("plugindata[onlinetext_editor][text]", field?.text ?? "")
            parameters.add("plugindata[onlinetext_editor][format]", field?.format?.value ?? 1)
            parameters.add("plugindata[onlinetext_editor][itemid]", -1)
        }
        let warnings = try await call([MoodleWarning].self, "mod_assign_save_submission", parameters, Call(isSentAtMostOnce: true))
        guard let warning = warnings.first else { return }
        let reason = MoodleText.plain(warning.item ?? warning.message ?? "no reason given")
        if reason.contains("Nothing was submitted") { throw MoodleError.draftExpired(days: Int(draftAge / 86_400)) }
        throw MoodleError.refused(action: "save your submission to \(name)", reason: reason)
    }

    /// `mod_assign_submit_for_grading`, accepting the submission statement when the student did.
    private func submitForGrading(_ assign: MoodleAssign, accepting statement: Bool, name: String) async throws {
        var parameters = MoodleParameters()
        parameters.add("assignmentid", assign.id.value)
        parameters.add("acceptsubmissionstatement", statement)
        let warnings = try await call([MoodleWarning].self, "mod_assign_submit_for_grading", parameters, Call(isSentAtMostOnce: true))
        guard !warnings.isEmpty else { return }
        // Moodle gives no reason here; what it holds now tells whether it is submitted after all.
        if Self.attempts(in: try await submissionStatus(assign.id.value), due: nil).last?.isHandedIn == true { return }
        let reason = assign.statement != nil && !statement
            ? "its submission statement was not accepted"
            : "it gave no reason (the assignment may have closed, or the submission was already submitted)"
        throw MoodleError.refused(action: "submit \(name) for grading", reason: reason)
    }
}

/// Where a job's files wait in Moodle's draft area: `itemid@seconds`, the area's ID and when its
/// first file went in, kept as each file's ID in the job's record.
struct DraftMark: Equatable {
    var itemid: Int
    var createdAt: Int

    init(itemid: Int, createdAt: Int) {
        self.itemid = itemid
        self.createdAt = createdAt
    }

    init?(_ text: String) {
        let parts = text.split(separator: "@")
        guard parts.count == 2, let itemid = Int(parts[0]), let createdAt = Int(parts[1]) else { return nil }
        self.init(itemid: itemid, createdAt: createdAt)
    }

    var text: String { "\(itemid)@\(createdAt)" }
}
