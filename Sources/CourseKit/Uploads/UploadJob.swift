import FoundationEssentials

/// One entry of the upload queue: the files to send, where to, and where it stands.
///
/// A job is either a course file (one file added to a course's Files, what a teacher does)
/// or a submission (one or more files handed in to an assignment as one attempt, what a
/// student does).
public struct UploadJob: Equatable, Sendable, Identifiable {
    /// Where a job stands.
    public enum State: Equatable, Sendable, Codable {
        /// Waiting for its first attempt.
        case queued
        /// An attempt is under way (as last recorded; a dead owner's job is picked up again).
        case uploading
        /// The last attempt failed in a way that may pass; the next one is due at `until`.
        case waiting(until: Date, reason: String)
        /// Failed in a way that won't pass by itself; waits for the user to retry.
        case failed(reason: String)
        /// Uploaded and confirmed by the backend.
        case done
        /// Its record can't be read (cut short, not JSON, missing): never uploaded, retried or
        /// rewritten; its captured bytes stay where `reason` says until the user removes it.
        case damaged(reason: String)
    }

    public var id: String
    public var courseID: CourseID
    /// What the job sends, in order: one file for a course file, one or more for a submission.
    public var files: [QueuedFile]
    /// The assignment the files are handed in to, and how far that got; nil for a course file.
    public var submission: Submission?
    /// The course file fetched, for a download; nil for a job that sends files.
    public var download: Download?
    /// The done mark set, for a job that changes the student's planner; such a job has no files.
    public var plannerMark: PlannerMark?
    /// The to-do of the student's own added, changed or removed; such a job has no files.
    public var plannerNote: PlannerNote?
    /// The post or reply sent to a course's discussion; such a job has no files.
    public var discussionReply: DiscussionReply?
    /// The backend the job belongs to, such as `canvas https://school.example` or `local`; never uploaded elsewhere.
    public var backend: String
    public var queuedAt: Date
    public var state: State
    public var attempts: Int
    /// Whether the job waits because the server answered with a failure (an error status, a
    /// cut-off answer), not because nothing could be reached: the network coming back is no
    /// reason to ask it again early, so only its own backoff makes it due.
    public var waitsForServer = false

    public init(
        id: String, courseID: CourseID, files: [QueuedFile], submission: Submission? = nil,
        backend: String, queuedAt: Date, state: State = .queued, attempts: Int = 0
    ) {
        self.id = id
        self.courseID = courseID
        self.files = files
        self.submission = submission
        self.backend = backend
        self.queuedAt = queuedAt
        self.state = state
        self.attempts = attempts
    }

    /// A course-file job for one file.
    public init(
        id: String, courseID: CourseID, fileName: String, sourcePath: String, size: Int64,
        backend: String, queuedAt: Date, state: State = .queued, attempts: Int = 0, sha256: String? = nil
    ) {
        self.init(
            id: id, courseID: courseID, files: [QueuedFile(name: fileName, sourcePath: sourcePath, size: size, sha256: sha256)],
            backend: backend, queuedAt: queuedAt, state: state, attempts: attempts
        )
    }

    /// The files as a person names them: `essay.pdf`, or `essay.pdf +2` for three; a done mark
    /// by what it sets (`Done: Essay`).
    public var fileName: String {
        if let mark = plannerMark { return (mark.isDone ? "Done: " : "Not done: ") + mark.title }
        if let note = plannerNote {
            switch note.action {
            case .add: return "To-do: " + note.title
            case .edit: return "To-do changed: " + note.title
            case .delete: return "To-do removed: " + note.title
            }
        }
        if let reply = discussionReply { return (reply.entryID == nil ? "Post: " : "Reply: ") + reply.topicTitle }
        if let url = submission?.url { return url }
        if let text = submission?.text { return "text: \(HandInText.wordCount(text)) words" }
        guard let first = files.first else { return "(no file)" }
        return files.count == 1 ? first.name : "\(first.name) +\(files.count - 1)"
    }

    /// Bytes to send, every file together; a record damaged on disk can't make it overflow.
    public var size: Int64 {
        files.reduce(0) { total, file in
            let (sum, overflowed) = total.addingReportingOverflow(file.size)
            return overflowed ? (file.size > 0 ? .max : .min) : sum
        }
    }

    /// Where the first file was when it was queued.
    public var sourcePath: String {
        files.first?.sourcePath ?? ""
    }

    /// Whether the job sends words rather than files: a done mark, a to-do, a post to a
    /// discussion, a text entry or a link.
    public var sendsNoFiles: Bool {
        plannerMark != nil || plannerNote != nil || discussionReply != nil || submission?.handsInContent == true
    }

    /// Whether the job changes the student's planner or posts to a discussion: it is "sent", not "uploaded".
    public var isMessage: Bool {
        plannerMark != nil || plannerNote != nil || discussionReply != nil
    }

    /// Whether the job hands files in to an assignment rather than adding one to a course's Files.
    public var isSubmission: Bool {
        submission != nil
    }

    /// Why the job is waiting, failed or damaged; nil otherwise.
    public var lastError: String? {
        switch state {
        case let .waiting(_, reason), let .failed(reason), let .damaged(reason): return reason
        case .queued, .uploading, .done: return nil
        }
    }
}

extension CourseID: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CourseID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty course ID"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
