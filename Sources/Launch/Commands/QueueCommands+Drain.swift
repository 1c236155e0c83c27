import CourseKit
import FoundationEssentials
import UploadQueue

extension QueueCommands {
    /// Uploads until no job of this backend is queued or waiting, or until `timeout` seconds pass.
    ///
    /// Exits 0 when every job is done, 1 when any failed or is still pending.
    package static func drain(timeout: Int?, services: LiveEnvironment.Services) async -> Int32 {
        let subscription = services.engine.subscribe()
        let reporter = Task {
            for await change in subscription.changes {
                report(change)
            }
        }
        let (status, summary) = await uploadUntilDone(timeout: timeout, services: services)
        // Every change up to now is printed before the summary and the exit.
        subscription.end()
        await reporter.value
        summary.map(say)
        return status
    }

    /// Runs due jobs until none of this backend is pending; returns the exit status and a last line to print.
    private static func uploadUntilDone(timeout: Int?, services: LiveEnvironment.Services) async -> (Int32, String?) {
        let engine = services.engine
        let deadline = timeout.map { Date().addingTimeInterval(TimeInterval($0)) }
        do {
            try await noteOtherBackends(services)
            while true {
                try await engine.runDueJobs()
                let jobs = try await engine.ownJobs()
                let pending = jobs.filter(\.state.isPending)
                if pending.isEmpty {
                    let damaged = try await services.environment.uploadQueue.jobs().filter(\.state.isDamaged)
                    damaged.forEach { printError("damaged \($0.id): \($0.lastError ?? "")") }
                    return (damaged.isEmpty && jobs.allSatisfy { $0.state == .done } ? 0 : 1, nil)
                }
                if let deadline, Date() >= deadline {
                    return (1, "timed out with \(pending.count) job(s) still pending")
                }
                try await Task.sleep(for: .milliseconds(250))
                try await engine.backendAnsweredIfProbeSucceeds()
            }
        } catch {
            printError(userMessage(for: error))
            return (1, nil)
        }
    }

    /// Prints each recorded change as it happens, in order, from the engine itself.
    private static func report(_ change: UploadChange) {
        guard case let .updated(job) = change else { return }
        switch job.state {
        case .uploading:
            // A mark, a to-do, a text or a link carries no file to upload.
            let sends = job.sendsNoFiles
            say("\(sends ? "sending" : "uploading") \(job.id) \(job.fileName) (attempt \(job.attempts))")
        case let .waiting(until, reason):
            say("waiting \(job.id) \(job.fileName): \(reason), retry in \(UploadJob.State.secondsLeft(until: until, from: Date()))s")
        case .done:
            say("done \(job.id) \(job.fileName)" + (job.submittedSummary.map { ": " + $0 } ?? ""))
        case let .failed(reason):
            say("failed \(job.id) \(job.fileName): \(reason)")
        case .queued, .damaged:
            break
        }
    }

    /// Says so when the queue holds jobs this run won't touch, so nobody takes exit 0 for "all uploaded".
    private static func noteOtherBackends(_ services: LiveEnvironment.Services) async throws {
        let own = Set(try await services.engine.ownJobs().map(\.id))
        let others = try await services.environment.uploadQueue.jobs().filter { !own.contains($0.id) && $0.state.isPending }
        guard let backend = others.first?.backend else { return }
        printError("\(others.count) pending job(s) belong to another backend (\(backend)); run drain with that backend's options to upload them")
    }
}
