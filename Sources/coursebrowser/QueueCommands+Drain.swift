import CourseBrowser
import CourseKit
import Foundation
import Launch
import UploadQueue

extension QueueCommands {
    /// Uploads until no job of this backend is queued or waiting, or until `timeout` seconds pass.
    ///
    /// Exits 0 when every job is done, 1 when any failed or is still pending.
    static func drain(timeout: Int?, services: LiveEnvironment.Services) async -> Int32 {
        let engine = services.engine
        let deadline = timeout.map { Date().addingTimeInterval(TimeInterval($0)) }
        await engine.observe(events: report, progress: { _, _ in }, changes: reportChange)
        do {
            try await noteOtherBackends(services)
            while true {
                try await engine.runDueJobs()
                let jobs = try await engine.ownJobs()
                let pending = jobs.filter(\.isPending)
                if pending.isEmpty {
                    return jobs.allSatisfy { $0.state == .done } ? 0 : 1
                }
                if let deadline, Date() >= deadline {
                    say("timed out with \(pending.count) job(s) still pending")
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
        case let .finished(job): say("done \(job.id) \(job.fileName)")
        case let .failedForGood(job): say("failed \(job.id) \(job.fileName): \(job.lastError ?? "unknown error")")
        }
    }

    /// Prints each recorded change as it happens, in order, from the engine itself.
    private static func reportChange(_ job: UploadJob) {
        switch job.state {
        case .uploading:
            say("uploading \(job.id) \(job.fileName) (attempt \(job.attempts))")
        case let .waiting(until, reason):
            say("waiting \(job.id) \(job.fileName): \(reason), retry in \(max(0, Int(until.timeIntervalSinceNow.rounded(.up))))s")
        case .queued, .failed, .done:
            break
        }
    }

    /// Says so when the queue holds jobs this run won't touch, so nobody takes exit 0 for "all uploaded".
    private static func noteOtherBackends(_ services: LiveEnvironment.Services) async throws {
        let own = Set(try await services.engine.ownJobs().map(\.id))
        let others = try await services.environment.uploadQueue.jobs().filter { !own.contains($0.id) && $0.isPending }
        guard let backend = others.first?.backend else { return }
        printError("\(others.count) pending job(s) belong to another backend (\(backend)); run drain with that backend's options to upload them")
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
