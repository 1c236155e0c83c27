import CourseKit
import Foundation
import Launch
import TerminalUI
import UploadQueue

/// The `queue` command's output: a table for people, JSON for scripts.
enum QueueListing {
    static func table(_ jobs: [UploadJob]) -> String {
        guard !jobs.isEmpty else { return "No uploads queued." }
        let header = ["ID", "COURSE", "FILE", "SIZE", "STATE", "ATTEMPTS", "LAST ERROR"]
        let rows = jobs.map { job in
            [job.id, job.courseID.rawValue, job.fileName, String(job.size), job.state.name, String(job.attempts), job.lastError ?? ""]
                .map { Sanitizer.clean(Sanitizer.cut($0)) }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].displayWidth }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(toWidth: widths[column])
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    static func json(_ jobs: [UploadJob]) -> String {
        let objects: [[String: Any]] = jobs.map { job in
            var object: [String: Any] = [
                "id": job.id, "course": job.courseID.rawValue, "file": job.fileName, "source": job.sourcePath,
                "size": job.size, "state": job.state.name, "attempts": job.attempts, "backend": job.backend,
                "queued_at": job.queuedAt.formatted(.iso8601),
            ]
            object["last_error"] = job.lastError ?? NSNull()
            object["sha256"] = job.sha256 ?? NSNull()
            if case let .waiting(until, _) = job.state {
                object["retry_at"] = until.formatted(.iso8601)
            }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
