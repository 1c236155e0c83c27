import CourseKit
import Foundation

/// Works through the upload queue: claims due jobs, uploads them, records every outcome.
///
/// Transient failures wait with exponential backoff; permanent ones wait for the user.
/// When the network is back (`networkIsBack`) every waiting job is due at once.
public actor UploadEngine {
    let store: UploadStore
    private let transport: UploadTransport
    let clock: WallClock
    let backend: String
    private let jitter: @Sendable () -> Double
    private var onEvent: @Sendable (UploadEvent) -> Void = { _ in }
    private var onProgress: @Sendable (_ jobID: String, _ sentBytes: Int64) -> Void = { _, _ in }
    private var onJobChange: @Sendable (_ job: UploadJob) -> Void = { _ in }
    /// A cheap request that tells whether the backend answers again; nil where there is no network.
    let probe: (@Sendable () async -> Bool)?
    var woken = false
    /// Whether a job is waiting on a transient failure, so an answer from the backend should wake it.
    var hasWaitingJobs = true
    var lastProbe = Date.distantPast

    public init(
        store: UploadStore,
        transport: UploadTransport,
        clock: WallClock,
        backend: String,
        probe: (@Sendable () async -> Bool)? = nil,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.8...1.2) }
    ) {
        self.probe = probe
        self.store = store
        self.transport = transport
        self.clock = clock
        self.backend = backend
        self.jitter = jitter
    }

    /// Sets who hears about finished and permanently failed jobs, bytes sent, and every recorded change.
    public func observe(
        events: @escaping @Sendable (UploadEvent) -> Void,
        progress: @escaping @Sendable (_ jobID: String, _ sentBytes: Int64) -> Void,
        changes: @escaping @Sendable (_ job: UploadJob) -> Void
    ) {
        onEvent = events
        onProgress = progress
        onJobChange = changes
    }

    /// Writes `job` and tells the observer.
    func save(_ job: UploadJob) throws {
        try store.update(job)
        onJobChange(job)
    }

    /// Jobs of this backend that are due now: queued, waiting past their time, or left
    /// `uploading` by a process that died (its claim is gone, so claiming succeeds).
    func dueJobs() throws -> [UploadJob] {
        let now = clock.now()
        return try store.jobs().filter { job in
            guard job.backend == backend else { return false }
            switch job.state {
            case .queued, .uploading: return true
            case let .waiting(until, _): return until <= now
            case .failed, .done: return false
            }
        }
    }

    /// The earliest time a waiting job of this backend becomes due.
    func nextDueDate() throws -> Date? {
        try store.jobs().compactMap { job -> Date? in
            guard job.backend == backend, case let .waiting(until, _) = job.state else { return nil }
            return until
        }.min()
    }

    /// Uploads every job that is due, one after another; returns how many were tried.
    @discardableResult
    public func runDueJobs() async throws -> Int {
        var tried = 0
        for job in try dueJobs() {
            guard let claim = try store.claim(job.id) else { continue }
            defer { claim.release() }
            // Re-read under the claim: another process may have finished it meanwhile.
            guard let current = try store.job(job.id), current.state != .done else { continue }
            try await attempt(current)
            tried += 1
        }
        return tried
    }

    private func attempt(_ job: UploadJob) async throws {
        var job = job
        job.state = .uploading
        job.attempts += 1
        try save(job)
        let id = job.id
        let progress = onProgress
        do {
            try await transport.upload(job, store.payloadURL(for: job)) { sent in progress(id, sent) }
            job.state = .done
            try save(job)
            onEvent(.finished(job))
            // This upload got through, so the backend answers: the jobs waiting on it need not wait.
            if hasWaitingJobs {
                try networkIsBack()
            }
        } catch is CancellationError {
            job.state = .queued
            job.attempts -= 1
            try save(job)
            throw CancellationError()
        } catch {
            try record(error, for: &job)
        }
    }

    private func record(_ error: any Error, for job: inout UploadJob) throws {
        let reason = userMessage(for: error)
        if UploadFailure.isTransient(error) {
            // A server that said how long to wait is not asked again sooner.
            let asked = UploadFailure.retryAfter(error) ?? 0
            let delay = max(asked, UploadBackoff.delay(afterAttempt: job.attempts, jitter: jitter()))
            hasWaitingJobs = true
            job.state = .waiting(until: clock.now().addingTimeInterval(delay), reason: reason)
            try save(job)
        } else {
            job.state = .failed(reason: reason)
            try save(job)
            onEvent(.failedForGood(job))
        }
    }
}
