import CourseKit
import FoundationEssentials

// Posting to a discussion exactly once.
//
// A backend makes a post for every one it is sent, so a post is made under `createOnce`'s
// protocol (`UploadEngine+SentOnce.swift`). The posts alike are the student's own where the
// post would be listed, with the same words once read back as text: a backend keeps a post as
// HTML, and gives back what it kept.
extension UploadEngine {
    /// Posts `job`'s reply, saving each step.
    func postReply(_ job: inout UploadJob) async throws {
        guard var reply = job.discussionReply else { return }
        let course = job.courseID
        try await createOnce(
            &reply, what: "the reply",
            keep: { reply in
                job.discussionReply = reply
                try save(job)
            },
            alike: { reply in try await discussionWrites.ownPosts(course, reply).filter(reply.hasWords).map(\.id) },
            create: { reply in try await discussionWrites.post(course, reply) }
        )
        job.discussionReply = reply
    }
}
