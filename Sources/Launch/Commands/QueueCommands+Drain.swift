import CourseKit
import FoundationEssentials
import UploadQueue

extension QueueCommands {
    /// Uploads until no job of this backend is queued or waiting, or until `timeout` seconds pass.
    ///
    /// Prints a line per job each time its state changes, then a last line that says what is
    /// left and so why the status: 0 when nothing is left to send, 1 when a job failed (in this
    /// run or an earlier one), is damaged, or is still pending.
    package static func drain(timeout: Int?, services: LiveEnvironment.Services) async -> Int32 {
        let subscription = services.engine.subscribe()
        let reporter = Task {
            var said: [String: String] = [:]
            for await change in subscription.changes {
                report(change, said: &said)
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
                    return outcome(of: jobs, damaged: damaged)
                }
                if let deadline, Date() >= deadline {
                    return (1, "timed out with \(pending.count) job(s) still pending; they stay queued for the next drain")
                }
                try await Task.sleep(for: .milliseconds(250))
                try await engine.backendAnsweredIfProbeSucceeds()
            }
        } catch {
            printError(userMessage(for: error))
            return (1, nil)
        }
    }

    /// The status and last line once nothing is pending: what failed or is damaged, by which job
    /// first, else that nothing is left.
    static func outcome(of jobs: [UploadJob], damaged: [UploadJob]) -> (Int32, String) {
        let failed = jobs.filter(\.state.isFailed)
        guard let first = failed.first ?? damaged.first else {
            return (0, jobs.isEmpty ? "nothing queued to send" : "nothing left to send")
        }
        var left: [String] = []
        if !failed.isEmpty { left.append("\(failed.count) failed and wait for a retry") }
        if !damaged.isEmpty { left.append("\(damaged.count) damaged") }
        let why = "\(first.id) \(first.fileName): \(first.lastError ?? "no reason kept")"
        return (1, left.joined(separator: ", ") + " (" + why + "); coursebrowser queue lists them")
    }

    /// Prints a recorded change as it happens, once per job and state (an attempt that saves its
    /// steps as it goes is one line), in order, from the engine itself.
    private static func report(_ change: UploadChange, said: inout [String: String]) {
        guard case let .updated(job) = change else { return }
        let mark = "\(job.state.name) \(job.attempts)"
        guard said[job.id] != mark else { return }
        said[job.id] = mark
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
