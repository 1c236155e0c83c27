import CourseKit
import FoundationEssentials

/// Works through the upload queue: claims due jobs, uploads them, records every outcome.
///
/// A course file goes through `transport`; a submission through `submissions`, under the
/// exactly-once protocol of `UploadEngine+Submission.swift`; a download comes through
/// `downloads` and is put in place as `UploadEngine+Download.swift` says.
///
/// Transient failures wait with exponential backoff (or as long as the server asked);
/// permanent ones wait for the user. When the network is back (`networkIsBack`) every
/// waiting job is due at once. Every change it records is announced to every listener
/// of `subscribe()`, and bytes sent are kept in `activity`.
public actor UploadEngine {
    let store: UploadStore
    private let transport: UploadTransport
    let submissions: SubmissionTransport
    let downloads: DownloadTransport
    let plannerWrites: PlannerWriteTransport
    let discussionWrites: DiscussionWriteTransport
    let clock: WallClock
    let backend: String
    private let jitter: @Sendable () -> Double
    /// A cheap request that tells whether the backend answers again; nil where there is no network.
    let probe: (@Sendable () async -> Bool)?
    /// Bytes sent by the attempts in flight.
    public nonisolated let activity: UploadActivity
    let broadcast = UploadBroadcast()
    /// The run loop's pause, while it sleeps; a wake-up or its timer resumes it.
    var sleeper: (id: Int, continuation: CheckedContinuation<Void, Never>)?
    /// A wake-up that came while the run loop was busy, so its next pause ends at once.
    var wokenWhileBusy = false
    var pauses = 0
    /// Whether a job is waiting on a transient failure, so an answer from the backend should wake it.
    var hasWaitingJobs = true
    var lastProbe = Date.distantPast
    /// Whether the last pass found a due job claimed by another process: one that dies sending it
    /// frees its claim but writes nothing, so the run loop looks again after a while rather than
    /// waiting for a change on disk that never comes.
    var heldElsewhere = false

    public init(
        store: UploadStore,
        transport: UploadTransport,
        submissions: SubmissionTransport = .unimplemented,
        downloads: DownloadTransport = .unimplemented,
        plannerWrites: PlannerWriteTransport = .unimplemented,
        discussionWrites: DiscussionWriteTransport = .unimplemented,
        clock: WallClock,
        backend: String,
        probe: (@Sendable () async -> Bool)? = nil,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.8...1.2) }
    ) {
        self.probe = probe
        self.store = store
        self.transport = transport
        self.submissions = submissions
        self.downloads = downloads
        self.plannerWrites = plannerWrites
        self.discussionWrites = discussionWrites
        self.clock = clock
        self.backend = backend
        self.jitter = jitter
        activity = UploadActivity(clock: clock)
    }

    /// Every change this engine, or the queue client in front of it, makes from now on.
    public nonisolated func subscribe() -> UploadSubscription {
        broadcast.subscribe()
    }

    /// Tells listeners about a change made outside the engine (a job queued or removed)
    /// and wakes the run loop for it.
    public nonisolated func announce(_ change: UploadChange) {
        broadcast.publish(change)
        signal()
    }

    /// Writes `job` and tells every listener.
    func save(_ job: UploadJob) throws {
        try store.update(job)
        broadcast.publish(.updated(job))
    }

    /// Jobs of this backend that are due now, less submissions waiting for an earlier one.
    func dueJobs() throws -> [UploadJob] {
        let now = clock.now()
        let jobs = try store.jobs()
        return jobs.filter { isDue($0, at: now) && !isWaitingForEarlierJob($0, among: jobs) }
    }

    /// Whether an older job hands files in to the same assignment, marks the same planner
    /// item, or posts to the same discussion, and is not finished yet.
    ///
    /// Submissions to one assignment are sent one at a time, in the order they were queued, so
    /// each attempt is read back as the newest when it is checked and the later one stays the
    /// newest attempt, as the student meant it. Marks of one item go in order for the same
    /// reason: the last one set is the one the item keeps. Posts to one discussion go in order, so
    /// a post read back is never taken for a later one with the same words.
    func isWaitingForEarlierJob(_ job: UploadJob, among jobs: [UploadJob]) -> Bool {
        guard let key = Self.orderingKey(of: job) else { return false }
        return jobs.contains { other in
            other.id != job.id && other.backend == job.backend && other.courseID == job.courseID
                && Self.orderingKey(of: other) == key && other.state.isPending
                && (other.queuedAt, other.id) < (job.queuedAt, job.id)
        }
    }

    /// What jobs sent one at a time in order share: the assignment handed in to, the item marked,
    /// the note changed, or the discussion posted to.
    private static func orderingKey(of job: UploadJob) -> String? {
        if let plan = job.submission { return "assignment " + plan.assignmentID }
        if let mark = job.plannerMark { return "mark " + mark.itemID }
        if let note = job.plannerNote, let id = note.noteID, note.action != .add { return "note " + id }
        if let reply = job.discussionReply { return "discussion " + reply.topicID }
        return nil
    }

    /// Whether this engine should send `job` at `now`: it is this backend's, and queued,
    /// waiting past its time, or left `uploading` by a process that died (its claim is gone,
    /// so claiming succeeds). Never a finished, failed or damaged one.
    private func isDue(_ job: UploadJob, at now: Date) -> Bool {
        guard job.backend == backend else { return false }
        switch job.state {
        case .queued, .uploading: return true
        case let .waiting(until, _): return until <= now
        case .failed, .done, .damaged: return false
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
    ///
    /// `only` limits it to those jobs (`sync` works its own downloads, never a hand-in queued for later).
    @discardableResult
    public func runDueJobs(only: Set<String>? = nil) async throws -> Int {
        var tried = 0
        heldElsewhere = false
        for job in try dueJobs() where only?.contains(job.id) ?? true {
            guard let claim = try store.claim(job.id) else {
                heldElsewhere = true
                continue
            }
            defer { claim.release() }
            // Re-read under the claim: another process may have finished or failed it meanwhile,
            // or its record may have been damaged, and a stand-in must never be sent or saved.
            guard let current = try store.job(job.id), isDue(current, at: clock.now()),
                  try !(Self.orderingKey(of: current) != nil && isWaitingForEarlierJob(current, among: store.jobs())) else { continue }
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
        let activity = activity
        defer { activity.ended(id) }
        do {
            if job.isSubmission {
                try await handIn(&job)
            } else if job.isPlannerNote {
                try await changeNote(&job)
            } else if job.isDiscussionReply {
                try await postReply(&job)
            } else if var mark = job.plannerMark {
                // Setting a mark twice leaves one mark: no step of it needs recording first.
                mark.overrideID = try await plannerWrites.setDone(mark)
                job.plannerMark = mark
            } else if job.isDownload {
                try await download(&job)
            } else {
                // The digest is checked as the transport reads the copy (see `sendChecked`); a
                // transport that reads it another way checks it itself (see `UploadTransport.local`).
                try await store.verifySizes(of: job)
                try await store.sendChecked(job) { [job, transport, store] in
                    try await transport.upload(job, store.payloadURL(for: job)) { sent in activity.sent(sent, for: id) }
                }
            }
        } catch is CancellationError {
            job.state = .queued
            job.attempts -= 1
            try save(job)
            throw CancellationError()
        } catch {
            try record(error, for: &job)
            return
        }
        job.state = .done
        try save(job)
        store.discardPayload(of: id)
        // This upload got through, so the backend answers: the jobs waiting on it need not wait.
        // Failing to say so leaves them to their own timers; it never undoes this job.
        if hasWaitingJobs {
            try? networkIsBack()
        }
    }

    private func record(_ error: any Error, for job: inout UploadJob) throws {
        let reason = userMessage(for: error)
        if UploadFailure.isTransient(error) {
            // A server that said how long to wait is not asked again sooner, up to a day: a
            // longer wait is more likely a broken header than a plan.
            let asked = min(UploadFailure.retryAfter(error) ?? 0, UploadBackoff.longestServerWait)
            let delay = max(asked, UploadBackoff.delay(afterAttempt: job.attempts, jitter: jitter()))
            job.waitsForServer = !((error as? any TransientError)?.meansOffline ?? false)
            hasWaitingJobs = hasWaitingJobs || !job.waitsForServer
            job.state = .waiting(until: clock.now().addingTimeInterval(delay), reason: reason)
        } else {
            job.state = .failed(reason: reason)
        }
        try save(job)
    }
}
