import CourseKit
import FoundationEssentials

/// `sync --course ID [DIR] [--json]`: downloads a course's new and changed files through the
/// queue, waits for them, and says what became of every file; never deletes a local file.
package enum SyncCommand {
    /// Syncs `course` into `directory` (`DIR/<folders>/<name>`), else under the download
    /// directory as the Course pane's `d` does. Exits 0 when every file that can be downloaded
    /// is there, 1 otherwise.
    ///
    /// Two runs into one destination take turns: the second says it waits and starts when the first ends.
    package static func run(course: CourseID, directory: LocalPath?, json: Bool, services: LiveEnvironment.Services) async -> Int32 {
        let target = directory.map { URL(fileURLWithPath: $0.path).standardizedFileURL }
        let destination = target?.path ?? "the download directory, course \(course.rawValue)"
        let turn: SyncTurn
        do {
            turn = try await SyncTurn.take(destination: destination, dataDirectory: services.environment.paths.dataDirectory) {
                QueueCommands.printError("another sync into \(destination) is running; waiting for it to finish")
            }
        } catch {
            FailureReport.say(error, json: json)
            return 1
        }
        defer { turn.end() }
        return await sync(course: course, json: json, using: .live(services: services, directory: target))
    }

    /// The whole command, on what `dependencies` give.
    static func sync(course: CourseID, json: Bool, using dependencies: Dependencies) async -> Int32 {
        let listed: CourseFiles
        let outcome: DownloadBatch.Outcome
        var finished: [String: UploadJob] = [:]
        do {
            let folder = try await dependencies.courseFolder(course)
            listed = try await dependencies.files(course)
            let entries = listed.files.map { DownloadBatch.Entry(file: $0, folderPath: listed.folderPath(of: $0)) }
            outcome = try await dependencies.enqueue(DownloadBatch(course: course, courseFolder: folder, entries: entries))
            let ids = Set(outcome.queued.map(\.id) + outcome.earlierJobs)
            if !ids.isEmpty {
                let showing = dependencies.showProgress.map { show in Task { await showProgress(of: ids, using: dependencies, show) } }
                defer { showing?.cancel() }
                try await dependencies.drain(ids)
                showing?.cancel()
                await showing?.value
                dependencies.showProgress?("")
            }
            for job in try await dependencies.jobs() where ids.contains(job.id) {
                if let fileID = job.download?.fileID { finished[fileID] = job }
            }
        } catch {
            dependencies.showProgress?("")
            dependencies.printError(userMessage(for: error))
            if json {
                dependencies.say(FailureReport.text(userMessage(for: error), kind: FailureKind.of(error)))
            }
            return 1
        }
        let report = Report(files: listed, outcome: outcome, finished: finished)
        if json {
            dependencies.say(report.json)
        } else {
            report.lines.forEach(dependencies.say)
        }
        return report.count(of: .failed) == 0 ? 0 : 1
    }

    /// Shows, every quarter second until cancelled, how far the jobs `ids` have come.
    private static func showProgress(of ids: Set<String>, using dependencies: Dependencies, _ show: @Sendable (String) -> Void) async {
        while !Task.isCancelled {
            if let jobs = try? await dependencies.jobs().filter({ ids.contains($0.id) }) {
                show(progressLine(jobs, progress: dependencies.progress()))
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    /// `downloading 3 of 12 · notes.pdf 45%`: what the status line says of `jobs`.
    static func progressLine(_ jobs: [UploadJob], progress: [String: UploadProgress]) -> String {
        let finished = jobs.filter { !$0.state.isPending }.count
        var line = "downloading \(min(finished + 1, jobs.count)) of \(jobs.count)"
        if let running = jobs.first(where: { progress[$0.id] != nil }), let received = progress[running.id]?.sentBytes {
            line += " · \(running.fileName)"
            if let size = running.download?.size, size > 0 { line += " \(min(100, received * 100 / size))%" }
        }
        return line
    }
}
