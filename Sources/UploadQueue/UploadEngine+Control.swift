import CourseKit
import Foundation

extension UploadEngine {
    /// Makes every waiting job due now and resets its backoff: the backend answered again.
    public func networkIsBack() throws {
        hasWaitingJobs = false
        for var job in try store.jobs() where job.backend == backend {
            guard case .waiting = job.state else { continue }
            job.state = .queued
            job.attempts = 0
            try save(job)
        }
        signal()
    }

    /// Call when any request to the backend succeeded: waiting jobs are retried at once.
    public func backendAnswered() {
        guard hasWaitingJobs else { return }
        try? networkIsBack()
    }

    /// Every job of this engine's backend.
    public func ownJobs() throws -> [UploadJob] {
        try store.jobs().filter { $0.backend == backend }
    }

    /// Probes the backend if jobs wait on it and the probe is due; a success makes them due at once.
    public func backendAnsweredIfProbeSucceeds(every interval: TimeInterval = 15) async throws {
        await probeIfWaiting(every: interval)
    }

    /// Makes one failed or waiting job due now.
    public func retry(_ id: String) throws {
        guard var job = try store.job(id) else { return }
        switch job.state {
        case .failed, .waiting:
            job.state = .queued
            try save(job)
            signal()
        case .queued, .uploading, .done:
            return
        }
    }

    /// Makes every failed job of this backend due now.
    public func retryAllFailed() throws {
        for var job in try store.jobs() where job.backend == backend {
            guard case .failed = job.state else { continue }
            job.state = .queued
            try save(job)
        }
        signal()
    }

    /// Runs until cancelled: uploads what is due, then waits until the next poll or a wake-up
    /// (a new job, a retry, the network coming back). While jobs wait, it probes the backend
    /// every `probeInterval`, and a probe that succeeds makes them due at once.
    public func run(pollInterval: Duration = .seconds(1), probeInterval: TimeInterval = 15) async {
        while !Task.isCancelled {
            _ = try? await runDueJobs()
            await probeIfWaiting(every: probeInterval)
            await pause(upTo: pollInterval)
        }
    }

    /// Wakes the run loop: call after queuing a job.
    public func signal() {
        woken = true
    }

    private func pause(upTo limit: Duration) async {
        let step = Duration.milliseconds(100)
        var slept = Duration.zero
        while slept < limit, !woken, !Task.isCancelled {
            try? await clock.sleep(step)
            slept += step
        }
        woken = false
    }

    private func probeIfWaiting(every interval: TimeInterval) async {
        guard let probe, (try? nextDueDate()) != nil, clock.now().timeIntervalSince(lastProbe) >= interval else { return }
        lastProbe = clock.now()
        if await probe() {
            try? networkIsBack()
        }
    }
}
