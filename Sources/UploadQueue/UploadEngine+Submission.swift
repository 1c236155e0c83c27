import CourseKit
import FoundationEssentials

// The exactly-once protocol for submissions.
//
// A submission attempt is visible to the teacher, so a queued submission must create exactly
// one, however often the process is killed and whatever answers are lost on the way back.
// Uploading a file twice only leaves an unused file; creating the attempt is the one step
// that must not happen twice. Canvas offers no idempotency key for it, so the job keeps, in
// its record, what it knew before each step, and writes it down before taking that step:
//
// 1. `attemptBefore`: before anything can create an attempt, the latest attempt the backend
//    already has (0 for none) is read and saved. Every attempt newer than it that carries
//    this job's files (names and sizes) can only have come from this job.
// 2. `uploadedFileIDs`: each file is uploaded and its ID saved, so a retry after a failure
//    uploads only the files that have no ID yet.
// 3. `sentAt` (so `mayHaveBeenSent`): saved just before the request that creates the attempt
//    goes out. From then on the backend may hold the attempt even when no answer arrived
//    (killed, timed out, connection dropped after the server committed).
// 4. The request is sent. On success the attempt is read back and kept as the `receipt`.
//
// Whenever a job starts with `mayHaveBeenSent` set, it first reads the attempts and, if one
// newer than `attemptBefore` carries its files, takes that one as its own and is done without
// sending anything (attempts are told apart by the IDs of their files where the backend gives
// them, as Canvas renames a file whose name is taken). When none does, the earlier request may still be on its way through the
// server (a slow server goes on after the client gave up or died), so nothing is sent until
// `answerWindow` has passed since `sentAt`; the job waits, and reads again. Only then is the
// attempt sent again. "Newer" is by `SubmissionAttempt.order`: the attempt's number on Canvas,
// where every hand-in is a new attempt; on Moodle, where a hand-in changes the one submission
// it lands in, when that submission last changed. A newer attempt that carries the files but is
// not handed in yet (a Moodle draft still to be submitted for grading) means the backend has the
// files: the transport finishes it at once, without waiting out the window, and its `submit`
// reads what the backend holds before it sends anything. An answer that says the request changed nothing (the assignment is
// locked, a file type is not allowed, throttled) clears the mark: no attempt can be waiting.
// A refusal for good also clears the file IDs and the attempt seen, so a retry starts afresh.
//
// Submissions to one assignment are sent one at a time in the order they were queued (see
// `isWaitingForEarlierJob`), so two jobs handing in the same files can't mistake each
// other's attempt for their own. Claims keep two processes from running one job at once.
extension UploadEngine {
    /// How long after sending a server may still create the attempt: twice the longest a
    /// request waits for its answer, so a request the client gave up on is over at the server too.
    static let answerWindow: TimeInterval = 60

    /// Hands `job`'s files in to its assignment under the protocol above, saving each step in
    /// `job` and its record; on return the job's receipt says what the backend recorded.
    func handIn(_ job: inout UploadJob) async throws {
        guard var plan = job.submission else { return }
        try await verifyFilesToUpload(of: job)
        if plan.attemptBefore == nil {
            let attempts = try await submissions.attempts(job.courseID, plan.assignmentID)
            plan.attemptBefore = attempts.map(\.order).max() ?? 0
            try keep(plan, in: &job)
        }
        if plan.mayHaveBeenSent {
            let made = try await attemptsMade(by: job)
            if let earlier = made.last(where: \.isHandedIn) {
                plan.receipt = earlier
                job.submission = plan
                return
            }
            if made.isEmpty {
                try checkAnswerWindow(since: plan.sentAt)
            }
        }
        let fileIDs = try await uploadFiles(of: &job, plan: &plan)
        plan.sentAt = clock.now()
        try keep(plan, in: &job)
        let answer: SubmissionAttempt?
        do {
            answer = try await submissions.submit(job, fileIDs)
        } catch {
            if (error as? any TransientError)?.changedNothing == true {
                plan.sentAt = nil
                if !UploadFailure.isTransient(error) {
                    plan.uploadedFileIDs = Array(repeating: nil, count: job.files.count)
                    plan.attemptBefore = nil
                }
                try keep(plan, in: &job)
            }
            throw error
        }
        // What the backend recorded, read back; the answer itself when the reading fails.
        plan.receipt = (try? await attemptsMade(by: job))?.last(where: \.isHandedIn) ?? answer
        job.submission = plan
    }

    /// Throws, to wait and read again, while a request sent at `sentAt` may still be creating
    /// what it asked for (`what`, as the queue's row names it).
    func checkAnswerWindow(since sentAt: Date?, what: String = "the submission") throws {
        guard let sentAt else { return }
        let left = min(Self.answerWindow, sentAt.addingTimeInterval(Self.answerWindow).timeIntervalSince(clock.now()))
        if left > 0 {
            throw SubmissionUnconfirmed(retryAfter: left, what: what)
        }
    }

    /// The attempts newer than the one seen before sending that carry `job`'s files, oldest first.
    private func attemptsMade(by job: UploadJob) async throws -> [SubmissionAttempt] {
        guard let plan = job.submission, let before = plan.attemptBefore else { return [] }
        let attempts = try await submissions.attempts(job.courseID, plan.assignmentID)
        return attempts.filter { attempt in
            attempt.order > before && (plan.handsInContent ? attempt.carries(contentOf: plan) : attempt.carries(job.files, ids: plan.uploadedFileIDs))
        }
    }

    /// Checks the local copy of every file that has no ID yet, before anything is sent.
    ///
    /// A file already uploaded is not checked: its copy is no longer needed, and one damaged
    /// since must not fail a job whose attempt the backend may have (every file is uploaded
    /// before the attempt is sent), or the student would hand the files in twice.
    private func verifyFilesToUpload(of job: UploadJob) async throws {
        let uploaded = job.submission?.uploadedFileIDs ?? []
        for index in job.files.indices where !uploaded.indices.contains(index) || uploaded[index] == nil {
            try await store.verifyPayload(of: job, file: index)
        }
    }

    /// Uploads every file that has no ID yet, saving each ID as it arrives; returns them all in order.
    private func uploadFiles(of job: inout UploadJob, plan: inout UploadJob.Submission) async throws -> [String] {
        if plan.uploadedFileIDs.count != job.files.count {
            plan.uploadedFileIDs = Array(repeating: nil, count: job.files.count)
        }
        let activity = activity
        let id = job.id
        var before: Int64 = 0
        for index in job.files.indices {
            let sentBefore = before
            before += job.files[index].size
            guard plan.uploadedFileIDs[index] == nil else {
                activity.sent(before, for: id)
                continue
            }
            let payload = store.payloadURL(for: job, file: index)
            let fileID = try await submissions.uploadFile(job, index, payload) { sent in activity.sent(sentBefore + sent, for: id) }
            plan.uploadedFileIDs[index] = fileID
            try keep(plan, in: &job)
        }
        return plan.uploadedFileIDs.compactMap { $0 }
    }

    /// Records `plan` in `job` and saves it, so a step that depends on it never runs before it is on disk.
    private func keep(_ plan: UploadJob.Submission, in job: inout UploadJob) throws {
        job.submission = plan
        try save(job)
    }
}
