import CourseKit
import FoundationEssentials
import HTTP

extension SubmissionTransport {
    /// Hands files in to assignments on Canvas: each file through the three upload steps to
    /// `…/submissions/self/files`, then one `POST …/submissions` naming them all; a text entry
    /// or a link is that one `POST` alone.
    ///
    /// The token is sent to Canvas's origin only, never to the file store.
    public static func canvas(_ connection: CanvasConnection) -> SubmissionTransport {
        let api = connection.api
        return SubmissionTransport(
            attempts: { course, assignment in try await api.submissionAttempts(course: course, assignment: assignment) },
            uploadFile: { job, index, payload, progress in
                guard let plan = job.submission, job.files.indices.contains(index) else { throw NotASubmission() }
                let destination = UploadDestination.submission(job.courseID, assignment: plan.assignmentID)
                return try await api.uploadFile(named: job.files[index].name, payload: payload, to: destination, progress: progress).id.text
            },
            submit: { job, fileIDs in
                guard let plan = job.submission else { throw NotASubmission() }
                if plan.handsInContent {
                    return try await api.submit(course: job.courseID, assignment: plan.assignmentID, named: plan.assignmentName, text: plan.text, url: plan.url)
                }
                return try await api.submit(course: job.courseID, assignment: plan.assignmentID, named: plan.assignmentName, fileIDs: fileIDs)
            }
        )
    }
}
