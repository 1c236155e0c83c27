import CourseKit
import FoundationEssentials

extension UploadStore {
    /// Queues setting `item` done (or not done) in the student's planner on `backend`.
    ///
    /// The job has no files; a mark for a note of the student's own, which belongs to no
    /// course, is filed under `UploadJob.plannerCourse`.
    public func enqueueMark(_ item: PlannerItem, done: Bool, backend: String) throws -> UploadJob {
        try stage { id, _ in
            var job = UploadJob(id: id, courseID: item.courseID ?? UploadJob.plannerCourse, files: [], backend: backend, queuedAt: clock.now())
            job.plannerMark = UploadJob.PlannerMark(item, done: done)
            return job
        }
    }
}

extension UploadStore {
    /// Queues adding, changing or removing a to-do of the student's own on `backend`; the job
    /// has no files and is filed under the note's course, else `UploadJob.plannerCourse`.
    public func enqueueNote(_ note: UploadJob.PlannerNote, backend: String) throws -> UploadJob {
        try stage { id, _ in
            var job = UploadJob(id: id, courseID: note.courseID ?? UploadJob.plannerCourse, files: [], backend: backend, queuedAt: clock.now())
            job.plannerNote = note
            return job
        }
    }
}

extension UploadStore {
    /// Queues a text entry or a link (`plan.text`, `plan.url`) handed in to `course`'s assignment
    /// on `backend`: a submission without files, whose content is kept in its record.
    public func enqueueContent(course: CourseID, backend: String, submission plan: UploadJob.Submission) throws -> UploadJob {
        guard plan.handsInContent else { throw UploadQueueError.noFiles }
        return try stage { id, _ in
            UploadJob(id: id, courseID: course, files: [], submission: plan, backend: backend, queuedAt: clock.now())
        }
    }
}

extension UploadStore {
    /// Queues a post or reply to a discussion of `course` on `backend`: a job without files,
    /// whose words are kept in its record.
    public func enqueueReply(_ reply: UploadJob.DiscussionReply, course: CourseID, backend: String) throws -> UploadJob {
        guard HandInText.wordCount(reply.text) > 0 else { throw UploadQueueError.noWords }
        return try stage { id, _ in
            var job = UploadJob(id: id, courseID: course, files: [], backend: backend, queuedAt: clock.now())
            job.discussionReply = reply
            return job
        }
    }
}
