import FoundationEssentials

extension UploadJob {
    /// The assignment a job hands its files in to, and what sending it has recorded so far.
    ///
    /// The fields after the assignment's are the durable half of the exactly-once protocol
    /// that `UploadEngine` runs (see `UploadEngine+Submission.swift`): each is written to the
    /// job's record before the step that depends on it.
    public struct Submission: Equatable, Sendable, Codable {
        public var assignmentID: String
        /// The assignment's name when the job was queued, for the queue's rows and messages.
        public var assignmentName: String
        /// When the assignment was due when the job was queued; an offline backend judges lateness by it.
        public var dueAt: Date?
        /// The `order` of the latest attempt the backend had before this job sent anything (0: none);
        /// nil until it was read.
        public var attemptBefore: Int?
        /// When the request that creates the attempt last went out, set just before it does, for
        /// how long a server may still be handling it; nil when no attempt can be waiting.
        public var sentAt: Date?
        /// The backend's ID of each file already uploaded, by position in the job's `files`.
        public var uploadedFileIDs: [String?]
        /// The attempt the backend recorded for this job, once it is done.
        public var receipt: SubmissionAttempt?
        /// The assignment's submission statement, as the student accepted it when the job was
        /// queued; nil where the assignment asked for none.
        public var acceptedStatement: String?
        /// A text entry handed in instead of files, as the student wrote it (plain text); nil otherwise.
        public var text: String?
        /// A link handed in instead of files; nil otherwise.
        public var url: String?

        /// Whether it hands in a text entry or a link rather than files.
        public var handsInContent: Bool { text != nil || url != nil }

        /// Whether the request that creates the attempt went out: from then on the backend may
        /// hold the attempt even if no answer came back, so it is read before sending again.
        public var mayHaveBeenSent: Bool { sentAt != nil }

        public init(
            assignmentID: String, assignmentName: String, dueAt: Date? = nil, attemptBefore: Int? = nil,
            sentAt: Date? = nil, uploadedFileIDs: [String?] = [], receipt: SubmissionAttempt? = nil, acceptedStatement: String? = nil,
            text: String? = nil, url: String? = nil
        ) {
            self.assignmentID = assignmentID
            self.assignmentName = assignmentName
            self.dueAt = dueAt
            self.attemptBefore = attemptBefore
            self.sentAt = sentAt
            self.uploadedFileIDs = uploadedFileIDs
            self.receipt = receipt
            self.acceptedStatement = acceptedStatement
            self.text = text
            self.url = url
        }
    }

    /// The job's state as a person reads it after a submission: `submitted (attempt 2)`, `submitted late`.
    public var submittedSummary: String? {
        guard state == .done, let receipt = submission?.receipt else { return nil }
        let late = receipt.isLate ? " late" : ""
        return "submitted\(late) (attempt \(receipt.attempt))"
    }
}
