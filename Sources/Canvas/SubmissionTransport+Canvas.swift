import CourseKit
import Foundation
import HTTP

extension SubmissionTransport {
    /// Hands files in to assignments on Canvas at `baseURL`: each file through the three upload
    /// steps to `…/submissions/self/files`, then one `POST …/submissions` naming them all.
    ///
    /// The token is sent to `baseURL`'s origin only, never to the file store.
    public static func canvas(
        baseURL: URL,
        credentials: CanvasCredentials,
        http: HTTPClient,
        clock: WallClock,
        analytics: Analytics
    ) -> SubmissionTransport {
        let api = CanvasAPI(baseURL: baseURL, credentials: credentials, http: http, clock: clock, analytics: analytics)
        return SubmissionTransport(
            attempts: { course, assignment in try await api.submissionAttempts(course: course, assignment: assignment) },
            uploadFile: { job, index, payload, progress in
                guard let plan = job.submission, job.files.indices.contains(index) else { throw UploadQueueMisuse.notASubmission }
                let destination = UploadDestination.submission(job.courseID, assignment: plan.assignmentID)
                return try await api.uploadFile(named: job.files[index].name, payload: payload, to: destination, progress: progress).id.text
            },
            submit: { job, fileIDs in
                guard let plan = job.submission else { throw UploadQueueMisuse.notASubmission }
                return try await api.submit(course: job.courseID, assignment: plan.assignmentID, fileIDs: fileIDs)
            }
        )
    }
}

/// A course-file job handed to the submission transport: a bug, never retried.
enum UploadQueueMisuse: UserFacingError, TransientError {
    case notASubmission

    var userMessage: String { "This upload is not a submission to an assignment" }
    var isTransient: Bool { false }
}
