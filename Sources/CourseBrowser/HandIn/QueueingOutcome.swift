import CourseKit

/// How far queueing a prompt's files got: the jobs queued, and the first failure with the
/// paths it left unqueued (that one and those after it).
struct QueueingOutcome {
    var jobs: [UploadJob]
    var failure: (message: String, remaining: [LocalPath])?
}
