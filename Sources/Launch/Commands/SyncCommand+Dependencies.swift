import CourseKit
import FoundationEssentials
import TerminalUI
import UploadQueue

#if canImport(Glibc)
import Glibc
#endif

extension SyncCommand {
    /// What `sync` reads and does, so a test gives a fake course, files and queue.
    struct Dependencies: Sendable {
        /// The course's folder name under the download directory: its code, else its name.
        var courseFolder: @Sendable (_ course: CourseID) async throws -> String
        var files: @Sendable (_ course: CourseID) async throws -> CourseFiles
        var enqueue: @Sendable (_ batch: DownloadBatch) async throws -> DownloadBatch.Outcome
        var jobs: @Sendable () async throws -> [UploadJob]
        /// Works the queue until none of the jobs `ids` is pending, or those left wait a long time.
        var drain: @Sendable (_ ids: Set<String>) async throws -> Void
        var progress: @Sendable () -> [String: UploadProgress]
        /// Writes one line to standard output, where the report goes.
        var say: @Sendable (_ line: String) -> Void
        var printError: @Sendable (_ message: String) -> Void
        /// Replaces the one status line; nil when no person watches (stderr is no terminal). "" clears it.
        var showProgress: (@Sendable (_ line: String) -> Void)?
    }
}

extension SyncCommand.Dependencies {
    /// A job waiting longer than this for its next try is left to the queue: sync stops waiting
    /// for it and says it failed for now.
    static let longestWait: TimeInterval = 30

    /// The live queue and backend of `services`; files go into `directory` itself when given.
    static func live(services: LiveEnvironment.Services, directory: URL?) -> SyncCommand.Dependencies {
        let environment = services.environment
        let engine = services.engine
        let queue = environment.uploadQueue
        let statusLine: @Sendable (String) -> Void = { line in StandardStream.error.write("\r\u{1B}[K" + Sanitizer.clean(line)) }
        let courseFolder: @Sendable (CourseID) async throws -> String = { course in
            let overview = try await environment.courseClient.course(course, .ignored)
            return overview.label ?? course.rawValue
        }
        let drain: @Sendable (Set<String>) async throws -> Void = { ids in
            while true {
                _ = try await engine.runDueJobs(only: ids)
                let pending = try await queue.jobs().filter { ids.contains($0.id) && $0.state.isPending }
                if pending.allSatisfy(waitsLong) { return }
                try await Task.sleep(for: .milliseconds(250))
                try await engine.backendAnsweredIfProbeSucceeds()
            }
        }
        return SyncCommand.Dependencies(
            courseFolder: courseFolder,
            files: { course in try await environment.fileClient.files(course, .ignored) },
            enqueue: { batch in try await services.enqueueSync(batch, into: directory) },
            jobs: { try await queue.jobs() },
            drain: drain,
            progress: { queue.progress() },
            say: { line in QueueCommands.say(line) },
            printError: { message in QueueCommands.printError(message) },
            showProgress: isatty(STDERR_FILENO) != 0 ? statusLine : nil
        )
    }

    /// Whether `job` waits so long for its next try that sync leaves it to the queue.
    private static func waitsLong(_ job: UploadJob) -> Bool {
        guard case let .waiting(until, _) = job.state else { return false }
        return until.timeIntervalSinceNow > longestWait
    }
}
