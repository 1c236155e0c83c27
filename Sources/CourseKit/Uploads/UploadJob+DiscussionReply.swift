import FoundationEssentials

extension UploadJob {
    /// A post to a discussion, or a reply to one of its posts, and what sending it has recorded.
    ///
    /// A backend makes a new post for every one it is sent and offers no key to tell them
    /// apart. So it is sent as a to-do is (`SentOnce`): the student's own posts with the same
    /// words that the backend had before, and the moment it went out, are on disk before the
    /// request is, and a post whose answer was lost is recognised among the student's posts
    /// rather than sent again.
    public struct DiscussionReply: Equatable, Sendable, Codable, SentOnce {
        public var topicID: String
        /// The discussion's title, for naming the job.
        public var topicTitle: String
        /// The post replied to; nil for a post to the discussion itself.
        public var entryID: String?
        /// The top post of the thread replied in, under which a backend lists every reply of it
        /// (one may put a reply to a reply under it); nil for a post to the discussion itself.
        public var threadID: String?
        /// The words as written, plain text.
        public var text: String
        public var existingIDs: [String]?
        public var sentAt: Date?
        /// The post made, once known.
        public var postedID: String?

        public var madeID: String? {
            get { postedID }
            set { postedID = newValue }
        }

        public init(
            topicID: String, topicTitle: String, entryID: String? = nil, threadID: String? = nil, text: String,
            existingIDs: [String]? = nil, sentAt: Date? = nil, postedID: String? = nil
        ) {
            self.topicID = topicID
            self.topicTitle = topicTitle
            self.entryID = entryID
            self.threadID = threadID
            self.text = text
            self.existingIDs = existingIDs
            self.sentAt = sentAt
            self.postedID = postedID
        }

        /// Whether `post`, one of the student's own, has these words, as a backend keeping them
        /// as HTML gives them back.
        public func hasWords(of post: DiscussionPostRecord) -> Bool {
            HandInText.normalized(post.text) == HandInText.normalized(text)
        }
    }

    /// Whether the job posts to a discussion rather than sending or fetching files.
    public var isDiscussionReply: Bool {
        discussionReply != nil
    }
}

/// One of the student's own posts in a discussion, as the backend keeps it, for recognising one
/// a lost answer made.
public struct DiscussionPostRecord: Equatable, Sendable {
    public var id: String
    /// Its words as plain text.
    public var text: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}
