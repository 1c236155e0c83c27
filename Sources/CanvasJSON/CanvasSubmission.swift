import CourseKit
import HTMLText

/// A Canvas submission object, as `GET …/submissions/self` and `POST …/submissions` return it.
///
/// `submission_history` comes with `include[]=submission_history`: every version of the
/// submission, each with its own `attempt` and `attachments`.
package struct CanvasSubmission: Decodable, Sendable {
    /// A file handed in, as the submission lists it.
    package struct Attachment: Decodable, Sendable {
        package var id: CanvasID?
        package var display_name: String?
        package var filename: String?
        package var size: Int64?
    }

    package var attempt: Int?
    package var submitted_at: String?
    package var workflow_state: String?
    package var late: Bool?
    package var attachments: [Attachment]?
    package var submission_history: [CanvasSubmission]?
    package var submission_type: String?
    /// A text entry's HTML, as Canvas keeps it (sanitized).
    package var body: String?
    package var url: String?

    /// The attempt this version records; nil for a submission not handed in yet.
    package var recordedAttempt: SubmissionAttempt? {
        guard let attempt, attempt > 0 else { return nil }
        return SubmissionAttempt(
            attempt: attempt,
            submittedAt: submitted_at.flatMap(CanvasDate.parse),
            isLate: late ?? false,
            files: (attachments ?? []).map { file in
                SubmissionAttempt.File(id: file.id?.text, name: file.display_name ?? file.filename ?? "", size: file.size ?? -1)
            },
            text: submission_type == "online_text_entry" ? body.map { HandInText.normalized(HTMLText.plainText($0)) } : nil,
            url: submission_type == "online_url" ? url : nil
        )
    }

    /// Every attempt it records, oldest first: its history's, else its own.
    package var recordedAttempts: [SubmissionAttempt] {
        let versions = submission_history.map { $0.compactMap(\.recordedAttempt) } ?? []
        let all = versions.isEmpty ? [recordedAttempt].compactMap { $0 } : versions
        // A history lists one version per change (a grade, a comment); keep one per attempt, the last.
        var byNumber: [Int: SubmissionAttempt] = [:]
        for attempt in all { byNumber[attempt.attempt] = attempt }
        return byNumber.values.sorted { $0.attempt < $1.attempt }
    }
}
