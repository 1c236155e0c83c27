import CourseKit
import FoundationEssentials

extension SyncCommand {
    /// What became of one file.
    enum Status: String, CaseIterable, Sendable {
        /// Downloaded now, never before.
        case new
        /// Downloaded again, replacing an earlier download that changed on the backend.
        case changed
        case upToDate = "up_to_date"
        case failed
        /// Locked for the user: it can't be downloaded now, and that is not sync's failure.
        case locked

        /// How the summary line counts it: `3 new`, `8 up to date`.
        var word: String {
            self == .upToDate ? "up to date" : rawValue
        }
    }

    /// One file and what became of it.
    struct FileResult: Equatable, Sendable {
        var file: CourseFile
        var folderPath: [String]
        var status: Status
        /// Where its local copy is (or was to go); nil for a locked file.
        var path: String?
        /// Why it failed or is locked.
        var reason: String?

        /// The file as the course shows it: `Lectures/Week 1/notes.pdf`.
        var shownName: String {
            (folderPath + [file.name]).joined(separator: "/")
        }
    }

    /// Every file of a sync and what became of it, in the course's order.
    struct Report: Sendable {
        var results: [FileResult]

        /// The report on `files`, which `outcome` queued or found current, the queued ones
        /// ending as `finished` says (by file ID).
        init(files: CourseFiles, outcome: DownloadBatch.Outcome, finished: [String: UploadJob]) {
            results = files.files.map { file in
                let folderPath = files.folderPath(of: file)
                func result(_ status: Status, _ path: String?, _ reason: String? = nil) -> FileResult {
                    FileResult(file: file, folderPath: folderPath, status: status, path: path, reason: reason)
                }
                if let current = outcome.current[file.id] { return result(.upToDate, current.path) }
                if let reason = outcome.refused[file.id] {
                    return result(file.isLocked ? .locked : .failed, nil, file.isLocked ? file.lockExplanation ?? reason : reason)
                }
                guard let job = finished[file.id] else {
                    return result(.failed, nil, "It was not queued")
                }
                let path = job.download?.destination ?? job.sourcePath
                switch job.state {
                case .done: return result(outcome.changed.contains(file.id) ? .changed : .new, job.sourcePath)
                case let .waiting(_, reason): return result(.failed, path, reason + "; it stays queued and is retried later")
                case let .failed(reason), let .damaged(reason): return result(.failed, path, reason)
                case .queued, .uploading: return result(.failed, path, "It is still queued")
                }
            }
        }

        func count(of status: Status) -> Int {
            results.count { $0.status == status }
        }

        /// `12 files, 3 new, 1 changed, 8 up to date, 0 failed`, then `, 1 locked` when any is.
        var summary: String {
            var parts = ["\(results.count) \(results.count == 1 ? "file" : "files")"]
            parts += [Status.new, .changed, .upToDate, .failed].map { "\(count(of: $0)) \($0.word)" }
            if count(of: .locked) > 0 { parts.append("\(count(of: .locked)) locked") }
            return parts.joined(separator: ", ")
        }

        /// A line for each file downloaded now or not downloaded, then the summary.
        var lines: [String] {
            let told = results.compactMap { result -> String? in
                switch result.status {
                case .new: "new \(result.shownName) → \(result.path ?? "")"
                case .changed: "changed \(result.shownName) → \(result.path ?? "")"
                case .failed: "failed \(result.shownName): \(result.reason ?? "")"
                case .locked: "locked \(result.shownName): \(result.reason ?? "locked")"
                case .upToDate: nil
                }
            }
            return told + [summary]
        }

        /// The counts and every file, as JSON for scripts.
        var json: String {
            var object: [String: PrettyJSON.Value] = ["total": .integer(Int64(results.count))]
            for status in Status.allCases {
                object[status.rawValue] = .integer(Int64(count(of: status)))
            }
            object["files"] = .array(results.map { result in
                .object([
                    "id": .string(result.file.id),
                    "name": .string(result.file.name),
                    "folder": .string(result.folderPath.joined(separator: "/")),
                    "path": .string(result.path),
                    "status": .string(result.status.rawValue),
                    "reason": .string(result.reason),
                ])
            })
            return QueueListing.escapingTerminalControls(PrettyJSON.text(.object(object)))
        }
    }
}
