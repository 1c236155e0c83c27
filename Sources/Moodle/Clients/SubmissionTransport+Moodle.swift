import CourseKit

extension SubmissionTransport {
    /// Hands files in to Moodle assignments: each file into the job's draft area
    /// (`webservice/upload.php`), then `mod_assign_save_submission` and, where the assignment keeps
    /// drafts, `mod_assign_submit_for_grading`. An assignment here is its course module's ID.
    public static func moodle(_ connection: MoodleConnection) -> SubmissionTransport {
        let api = connection.api
        return SubmissionTransport(
            attempts: { course, cmid in try await api.attempts(course, cmid: cmid) },
            uploadFile: { job, index, payload, progress in
                guard job.submission != nil, job.files.indices.contains(index) else {
                    throw MoodleError.refused(action: "hand the files in", reason: "the job is not a submission")
                }
                return try await api.uploadDraftFile(job, index: index, payload: payload, progress: progress)
            },
            submit: { job, fileIDs in try await api.handIn(job, fileIDs: fileIDs) }
        )
    }
}
