import FoundationEssentials

/// Sends the student's posts and replies to a course's discussions.
///
/// `post` may not be called again after a failure without reading `ownPosts` first: the
/// backend makes a post for every one it is sent (see `UploadJob.DiscussionReply`).
public struct DiscussionWriteTransport: Sendable {
    /// The student's own posts where `reply` would be listed once made, newest first.
    public var ownPosts: @Sendable (_ course: CourseID, _ reply: UploadJob.DiscussionReply) async throws -> [DiscussionPostRecord]
    /// Makes the post or reply and returns its ID.
    public var post: @Sendable (_ course: CourseID, _ reply: UploadJob.DiscussionReply) async throws -> String

    public init(
        ownPosts: @escaping @Sendable (_ course: CourseID, _ reply: UploadJob.DiscussionReply) async throws -> [DiscussionPostRecord],
        post: @escaping @Sendable (_ course: CourseID, _ reply: UploadJob.DiscussionReply) async throws -> String
    ) {
        self.ownPosts = ownPosts
        self.post = post
    }
}

extension DiscussionWriteTransport {
    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = DiscussionWriteTransport(
        ownPosts: { _, _ in throw Unimplemented("DiscussionWriteTransport.ownPosts") },
        post: { _, _ in throw Unimplemented("DiscussionWriteTransport.post") }
    )
}
