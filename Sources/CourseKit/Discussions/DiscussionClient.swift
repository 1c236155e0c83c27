/// A course's discussions: the topics, one topic's thread, and telling the backend which
/// replies the student read.
///
/// Apart from `CourseClient` so that a backend without discussions, and every test of the
/// other sections, needs nothing new.
public struct DiscussionClient: Sendable {
    /// The course's discussions (not its announcements), latest activity first.
    public var topics: @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> [DiscussionTopic]
    /// The replies to `topicID`, as a tree in the order they were written.
    public var thread: @Sendable (_ courseID: CourseID, _ topicID: String) async throws -> [DiscussionEntry]
    /// Records that the student read the replies `entryIDs` of `topicID`.
    public var markRead: @Sendable (_ courseID: CourseID, _ topicID: String, _ entryIDs: [String]) async throws -> Void

    public init(
        topics: @escaping @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> [DiscussionTopic],
        thread: @escaping @Sendable (_ courseID: CourseID, _ topicID: String) async throws -> [DiscussionEntry],
        markRead: @escaping @Sendable (_ courseID: CourseID, _ topicID: String, _ entryIDs: [String]) async throws -> Void
    ) {
        self.topics = topics
        self.thread = thread
        self.markRead = markRead
    }
}

extension DiscussionClient {
    /// No discussions anywhere, as on a backend that keeps none here.
    public static let noOp = DiscussionClient(topics: { _, _ in [] }, thread: { _, _ in [] }, markRead: { _, _, _ in })
}

extension DiscussionClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> DiscussionClient {
        DiscussionClient(
            topics: { _, _ in throw Unimplemented.reported("DiscussionClient.topics", to: report) },
            thread: { _, _ in throw Unimplemented.reported("DiscussionClient.thread", to: report) },
            markRead: { _, _, _ in throw Unimplemented.reported("DiscussionClient.markRead", to: report) }
        )
    }
}
