import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI
import TextBasics
import UploadQueue

/// The `queue` command's output: a table for people, JSON for scripts.
enum QueueListing {
    /// The jobs as a table: each course by what `courseNames` calls it, else its ID, and sizes as
    /// the Uploads pane shows them.
    static func table(_ jobs: [UploadJob], courseNames: [CourseID: String] = [:]) -> String {
        guard !jobs.isEmpty else { return "Nothing queued." }
        let header = ["ID", "COURSE", "KIND", "FILE", "SIZE", "STATE", "ATTEMPTS", "LAST ERROR"]
        let rows = jobs.map { job in
            [
                job.id, courseNames[job.courseID] ?? job.courseID.rawValue, kind(of: job), job.fileName, ByteSize.format(job.size),
                job.submittedSummary ?? job.state.name, String(job.attempts), job.lastError ?? "",
            ].map { Sanitizer.clean(Sanitizer.cut($0)) }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].displayWidth }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(toWidth: widths[column])
            }.joined(separator: "  ").trimming(.whitespaces)
        }.joined(separator: "\n")
    }

    /// The most of an assignment's name the KIND column shows, so a long one doesn't push the
    /// table off the screen; `queue --json` has it whole.
    static let assignmentWidth = 28

    /// `file` for a course file, `submission to NAME` for a submission, `download` for a download
    /// (where it goes is in `--json`, as a path would make the table as wide as it is), `done mark`,
    /// `to-do`, `post` or `reply` for what is sent without files.
    private static func kind(of job: UploadJob) -> String {
        if job.isDownload { return "download" }
        if let plan = job.submission { return "submission to " + plan.assignmentName.truncated(toWidth: assignmentWidth, ellipsis: "…") }
        if job.isPlannerMark { return "done mark" }
        if job.isPlannerNote { return "to-do" }
        if let reply = job.discussionReply { return reply.entryID == nil ? "post" : "reply" }
        return "file"
    }

    /// The kind as JSON names it.
    private static func kindName(of job: UploadJob) -> String {
        if job.isDownload { return "download" }
        if job.isSubmission { return "submission" }
        if job.isPlannerMark { return "planner_mark" }
        if job.isPlannerNote { return "planner_note" }
        if job.isDiscussionReply { return "discussion_post" }
        return "course_file"
    }

    /// The jobs as JSON, with raw sizes and course IDs; `course_name` where `courseNames` knows the course.
    static func json(_ jobs: [UploadJob], courseNames: [CourseID: String] = [:]) -> String {
        escapingTerminalControls(PrettyJSON.text(value(jobs, courseNames: courseNames)))
    }

    /// The jobs as a JSON value, as `json` writes them.
    static func value(_ jobs: [UploadJob], courseNames: [CourseID: String] = [:]) -> PrettyJSON.Value {
        .array(jobs.map { object($0, courseName: courseNames[$0.courseID]) })
    }

    /// JSON text with what a terminal acts on (see `Sanitizer.isTerminalControl`) and the
    /// direction marks written as `\uXXXX`: the same JSON to a reader, but nothing that can
    /// change how the terminal shows it. PrettyJSON escapes only C0.
    static func escapingTerminalControls(_ json: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if Sanitizer.isTerminalControl(scalar) || [0x200E, 0x200F, 0x061C].contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func object(_ job: UploadJob, courseName: String?) -> PrettyJSON.Value {
        var object: [String: PrettyJSON.Value] = [
            "id": .string(job.id), "course": .string(job.courseID.rawValue), "file": .string(job.fileName),
            "source": .string(job.sourcePath), "size": .integer(job.size), "state": .string(job.state.name),
            "attempts": .integer(Int64(job.attempts)), "backend": .string(job.backend),
            "queued_at": .string(job.queuedAt.formatted(.iso8601)), "kind": .string(kindName(of: job)),
            "files": .array(job.files.map(fileObject)),
        ]
        object["course_name"] = .string(courseName)
        object["last_error"] = .string(job.lastError)
        object["sha256"] = job.files.count == 1 ? .string(job.files[0].sha256) : .null
        object["assignment"] = job.submission.map(assignment) ?? .null
        object["download"] = .null
        object["retry_at"] = .null
        if let plan = job.download {
            object["download"] = .object([
                "file_id": .string(plan.fileID), "destination": .string(plan.destination),
                "placed_at": .string(job.state == .done ? job.sourcePath : nil),
                "bytes_so_far": UploadStore.downloadedBytes(of: job).map(PrettyJSON.Value.integer) ?? .null,
                "updated_at": .string(plan.updatedAt.map { $0.formatted(.iso8601) }),
            ])
        }
        if case let .waiting(until, _) = job.state {
            object["retry_at"] = .string(until.formatted(.iso8601))
        }
        return .object(object)
    }

    /// One file of a job; a source path that is not UTF-8, which `source` shows escaped, also
    /// comes exact in `source_base64` (else null).
    private static func fileObject(_ file: QueuedFile) -> PrettyJSON.Value {
        var object: [String: PrettyJSON.Value] = [
            "name": .string(file.name), "source": .string(file.sourcePath), "size": .integer(file.size), "sha256": .string(file.sha256),
            "source_base64": .null,
        ]
        if !file.source.isUTF8 {
            object["source_base64"] = .string(Data(file.source.bytes).base64EncodedString())
        }
        return .object(object)
    }

    private static func assignment(_ plan: UploadJob.Submission) -> PrettyJSON.Value {
        let submitted = plan.receipt.map { receipt -> PrettyJSON.Value in
            .object(["attempt": .integer(Int64(receipt.attempt)), "late": .bool(receipt.isLate),
                     "submitted_at": .string(receipt.submittedAt.map { $0.formatted(.iso8601) })])
        }
        return .object(["id": .string(plan.assignmentID), "name": .string(plan.assignmentName),
                        "due_at": .string(plan.dueAt.map { $0.formatted(.iso8601) }), "submitted": submitted ?? .null])
    }
}
