import CourseKit
import FoundationEssentials

extension UploadEngine {
    /// Makes every job waiting for the network due now and resets its backoff: the backend
    /// answered again. A job waiting because the server answered with a failure keeps its
    /// backoff: that the server answers something else says nothing of it.
    public func networkIsBack() throws {
        hasWaitingJobs = false
        func waitsForNetwork(_ job: UploadJob) -> Bool {
            if case .waiting = job.state { !job.waitsForServer } else { false }
        }
        for job in try store.jobs() where job.backend == backend && waitsForNetwork(job) {
            try change(job.id, if: waitsForNetwork) { job in
                job.state = .queued
                job.attempts = 0
            }
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
        try change(id, if: \.state.isRetryable) { $0.state = .queued }
        signal()
    }

    /// Makes every failed job of this backend due now.
    public func retryAllFailed() throws {
        for job in try store.jobs() where job.backend == backend && job.state.isFailed {
            try change(job.id, if: \.state.isFailed) { $0.state = .queued }
        }
        signal()
    }

    /// Changes job `id` under its claim, as read again under it, when `condition` holds then.
    ///
    /// A job another process (or this one) holds is being sent, and whatever it records next
    /// must not be overwritten by a copy read before: such a job, or one gone, is left alone.
    private func change(_ id: String, if condition: (UploadJob) -> Bool, _ body: (inout UploadJob) -> Void) throws {
        let claim: UploadClaim?
        do {
            claim = try store.claim(id)
        } catch UploadQueueError.jobNotFound {
            return
        }
        guard let claim else { return }
        defer { claim.release() }
        guard var job = try store.job(id), !job.state.isDamaged, condition(job) else { return }
        body(&job)
        try save(job)
    }

    /// Runs until cancelled: uploads what is due, then sleeps until the next job is due or a
    /// wake-up comes: a job queued or retried here, the network coming back, or any change to
    /// the queue on disk (`UploadStore.changes()`), such as a job another process queued. While
    /// jobs wait, it probes the backend every `probeInterval`, and a probe that succeeds makes
    /// them due at once. With nothing due it sleeps until woken, however long that is.
    public func run(probeInterval: TimeInterval = 15) async {
        let changes = store.changes()
        let watcher = Task { [weak self] in
            for await _ in changes {
                self?.signal()
            }
        }
        defer { watcher.cancel() }
        while !Task.isCancelled {
            _ = try? await runDueJobs()
            await probeIfWaiting(every: probeInterval)
            await pause(upTo: nextWake(probeInterval: probeInterval))
        }
    }

    /// How often, in seconds, a due job another process holds is looked at again.
    static let heldJobCheck: TimeInterval = 5

    /// Wakes the run loop: call after queuing a job.
    public nonisolated func signal() {
        Task { await self.wake() }
    }

    private func wake() {
        guard let sleeper else {
            wokenWhileBusy = true
            return
        }
        self.sleeper = nil
        sleeper.continuation.resume()
    }

    /// How long the run loop may sleep: until the next job is due, the next probe, or the next
    /// look at a job another process holds; nil when there is none, so only a wake-up ends the sleep.
    private func nextWake(probeInterval: TimeInterval) -> Duration? {
        var seconds = heldElsewhere ? Self.heldJobCheck : TimeInterval.infinity
        if let due = try? nextDueDate() {
            seconds = min(seconds, due.timeIntervalSince(clock.now()))
            if probe != nil {
                seconds = min(seconds, probeInterval - clock.now().timeIntervalSince(lastProbe))
            }
        }
        guard seconds.isFinite else { return nil }
        // Compared in seconds and converted last, and at most a day, so a due date far away can't
        // overflow a Duration; the loop looks again after a day.
        return .milliseconds(Int64(min(86_400, max(0, seconds)) * 1000))
    }

    /// Sleeps for `limit` (nil: for ever), or until a wake-up arrives or the task is cancelled,
    /// whichever is first.
    private func pause(upTo limit: Duration?) async {
        if wokenWhileBusy {
            wokenWhileBusy = false
            return
        }
        pauses += 1
        let id = pauses
        let clock = clock
        let timer = limit.map { limit in
            Task { [weak self] in
                try? await clock.sleep(limit)
                await self?.timerFired(id)
            }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { sleeper = (id, $0) }
        } onCancel: {
            Task { await self.wake() }
        }
        timer?.cancel()
    }

    /// Ends the pause `id` if it is still the one sleeping.
    private func timerFired(_ id: Int) {
        guard let sleeper, sleeper.id == id else { return }
        self.sleeper = nil
        sleeper.continuation.resume()
    }

    private func probeIfWaiting(every interval: TimeInterval) async {
        guard let probe, (try? nextDueDate()) != nil, clock.now().timeIntervalSince(lastProbe) >= interval else { return }
        lastProbe = clock.now()
        if await probe() {
            try? networkIsBack()
        }
    }
}
