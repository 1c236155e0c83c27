import CourseBrowser
import CourseKit
import Foundation

extension QueueCommands {
    /// Uploads until no job of this backend is queued or waiting, or until `timeout` seconds pass.
    ///
    /// Exits 0 when every job is done, 1 when any failed or is still pending.
    static func drain(timeout: Int?, services: LiveEnvironment.Services) async -> Int32 {
        let engine = services.engine
        let queue = services.environment.uploadQueue
        let deadline = timeout.map { Date().addingTimeInterval(TimeInterval($0)) }
        await engine.observe(events: report, progress: { _, _ in }, changes: { id in reportChange(id, queue: queue) })
        do {
            while true {
                try await engine.runDueJobs()
                let jobs = try await engine.ownJobs()
                let pending = jobs.filter(\.isPending)
                if pending.isEmpty {
                    return jobs.allSatisfy { $0.state == .done } ? 0 : 1
                }
                if let deadline, Date() >= deadline {
                    print("timed out with \(pending.count) job(s) still pending")
                    return 1
                }
                try await Task.sleep(for: .milliseconds(250))
                try await engine.backendAnsweredIfProbeSucceeds()
            }
        } catch {
            printError(userMessage(for: error))
            return 1
        }
    }

    private static func report(_ event: UploadEvent) {
        switch event {
        case let .finished(job): print("done \(job.id) \(job.fileName)")
        case let .failedForGood(job): print("failed \(job.id) \(job.fileName): \(job.lastError ?? "unknown error")")
        }
    }

    private static func reportChange(_ id: String, queue: UploadQueueClient) {
        Task {
            guard let job = try? await queue.jobs().first(where: { $0.id == id }) else { return }
            switch job.state {
            case .uploading:
                print("uploading \(job.id) \(job.fileName) (attempt \(job.attempts))")
            case let .waiting(until, reason):
                print("waiting \(job.id) \(job.fileName): \(reason), retry in \(max(0, Int(until.timeIntervalSinceNow.rounded(.up))))s")
            case .queued, .failed, .done:
                break
            }
        }
    }
}

extension UploadJob {
    /// Still to be uploaded: queued, in flight, or waiting to try again.
    var isPending: Bool {
        switch state {
        case .queued, .uploading, .waiting: true
        case .failed, .done: false
        }
    }
}
