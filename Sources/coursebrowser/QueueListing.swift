import CourseKit
import FoundationEssentials
import Launch
import TerminalUI
import TextBasics
import UploadQueue

/// The `queue` command's output: a table for people, JSON for scripts.
enum QueueListing {
    static func table(_ jobs: [UploadJob]) -> String {
        guard !jobs.isEmpty else { return "No uploads queued." }
        let header = ["ID", "COURSE", "KIND", "FILE", "SIZE", "STATE", "ATTEMPTS", "LAST ERROR"]
        let rows = jobs.map { job in
            [
                job.id, job.courseID.rawValue, kind(of: job), job.fileName, String(job.size),
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

    /// `file` for a course file, `submission to NAME` for a submission.
    private static func kind(of job: UploadJob) -> String {
        guard let plan = job.submission else { return "file" }
        return "submission to \(plan.assignmentName)"
    }

    static func json(_ jobs: [UploadJob]) -> String {
        let objects: [[String: Any]] = jobs.map(object)
        return escapingTerminalControls(PrettyJSON.text(objects) ?? "[]")
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

    private static func object(_ job: UploadJob) -> [String: Any] {
        var object: [String: Any] = [
            "id": job.id, "course": job.courseID.rawValue, "file": job.fileName, "source": job.sourcePath,
            "size": job.size, "state": job.state.name, "attempts": job.attempts, "backend": job.backend,
            "queued_at": job.queuedAt.formatted(.iso8601), "kind": job.isSubmission ? "submission" : "course_file",
            "files": job.files.map { file -> [String: Any] in
                ["name": file.name, "source": file.sourcePath, "size": file.size, "sha256": file.sha256 ?? PrettyJSON.Null()]
            },
        ]
        object["last_error"] = job.lastError ?? PrettyJSON.Null()
        object["sha256"] = job.files.count == 1 ? (job.files[0].sha256 ?? PrettyJSON.Null()) : PrettyJSON.Null()
        object["assignment"] = job.submission.map(assignment) ?? PrettyJSON.Null()
        if case let .waiting(until, _) = job.state {
            object["retry_at"] = until.formatted(.iso8601)
        }
        return object
    }

    private static func assignment(_ plan: UploadJob.Submission) -> [String: Any] {
        var object: [String: Any] = ["id": plan.assignmentID, "name": plan.assignmentName]
        object["due_at"] = plan.dueAt.map { $0.formatted(.iso8601) } ?? PrettyJSON.Null()
        object["submitted"] = plan.receipt.map { receipt -> [String: Any] in
            ["attempt": receipt.attempt, "late": receipt.isLate, "submitted_at": receipt.submittedAt.map { $0.formatted(.iso8601) } ?? PrettyJSON.Null()]
        } ?? PrettyJSON.Null()
        return object
    }
}
