import FoundationEssentials

/// A course's discussion, as its list shows it to a student: what it is about, how much was
/// said and how much of that they haven't read.
public struct DiscussionTopic: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    public var title: String
    /// The topic's own post, as HTML.
    public var messageHTML: String
    /// Who started it, where the backend names them (an anonymous topic names nobody).
    public var authorName: String?
    public var postedAt: Date?
    public var lastReplyAt: Date?
    /// Replies, at every depth, that weren't deleted.
    public var replyCount: Int
    /// Replies the student hasn't read.
    public var unreadCount: Int
    /// The assignment a graded discussion is, nil for one that isn't graded.
    public var assignmentID: String?
    /// Whether replies are closed.
    public var isClosed: Bool
    /// Whether the student must post before the replies are shown to them, and hasn't yet.
    public var repliesHiddenUntilPost: Bool
    /// Its page on the web, for the browser.
    public var htmlURL: URL?

    public init(
        id: String, title: String, messageHTML: String = "", authorName: String? = nil, postedAt: Date? = nil, lastReplyAt: Date? = nil,
        replyCount: Int = 0, unreadCount: Int = 0, assignmentID: String? = nil, isClosed: Bool = false, repliesHiddenUntilPost: Bool = false,
        htmlURL: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.messageHTML = messageHTML
        self.authorName = authorName
        self.postedAt = postedAt
        self.lastReplyAt = lastReplyAt
        self.replyCount = replyCount
        self.unreadCount = unreadCount
        self.assignmentID = assignmentID
        self.isClosed = isClosed
        self.repliesHiddenUntilPost = repliesHiddenUntilPost
        self.htmlURL = htmlURL
    }
}

extension DiscussionTopic {
    /// `topics` with the latest activity first (a reply, else the post), undated last, ties by
    /// ID so the order never moves between loads.
    public static func latestFirst(_ topics: [DiscussionTopic]) -> [DiscussionTopic] {
        NewestFirst.sorted(topics, date: { $0.lastReplyAt ?? $0.postedAt }, id: \.id)
    }
}
