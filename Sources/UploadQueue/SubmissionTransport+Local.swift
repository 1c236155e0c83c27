import CourseKit
import FileSystem
import FoundationEssentials

extension SubmissionTransport {
    /// Hands files in to `submissions` in the data directory, for the offline backends.
    ///
    /// `previousAttempt` is the attempt the catalog itself records for an assignment, so a
    /// new one is numbered after it, as Canvas would number it.
    public static func local(
        _ submissions: LocalSubmissions,
        previousAttempt: @escaping @Sendable (_ course: CourseID, _ assignmentID: String) async -> Int
    ) -> SubmissionTransport {
        SubmissionTransport(
            attempts: { course, assignment in submissions.attempts(course: course, assignment: assignment) },
            uploadFile: { job, index, payload, progress in
                try await Files.offload { isCancelled in
                    try submissions.storeFile(job, index: index, payload: payload.path, isCancelled: isCancelled, progress: progress)
                }
            },
            submit: { job, fileIDs in
                let previous = await previousAttempt(job.courseID, job.submission?.assignmentID ?? "")
                return try await Files.offload { _ in try submissions.submit(job, fileIDs: fileIDs, after: previous) }
            }
        )
    }
}
