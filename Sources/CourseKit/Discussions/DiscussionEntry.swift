import FoundationEssentials

/// One reply in a discussion, with the replies to it: the thread as a tree.
public struct DiscussionEntry: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    /// Who wrote it, where the backend names them.
    public var authorName: String?
    public var postedAt: Date?
    /// The reply as HTML; empty for a deleted one.
    public var messageHTML: String
    /// Deleted: its place in the thread stays, its words are gone.
    public var isDeleted: Bool
    /// Whether the student hasn't read it yet.
    public var isUnread: Bool
    public var replies: [DiscussionEntry]

    public init(
        id: String, authorName: String? = nil, postedAt: Date? = nil, messageHTML: String = "", isDeleted: Bool = false, isUnread: Bool = false,
        replies: [DiscussionEntry] = []
    ) {
        self.id = id
        self.authorName = authorName
        self.postedAt = postedAt
        self.messageHTML = messageHTML
        self.isDeleted = isDeleted
        self.isUnread = isUnread
        self.replies = replies
    }

    /// The IDs of this entry and every reply under it that are unread, in reading order.
    public var unreadIDs: [String] {
        (isUnread && !isDeleted ? [id] : []) + replies.flatMap(\.unreadIDs)
    }

    /// This entry and every reply under it, with those of `ids` read.
    public func reading(_ ids: Set<String>) -> DiscussionEntry {
        var read = self
        if ids.contains(id) { read.isUnread = false }
        read.replies = replies.map { $0.reading(ids) }
        return read
    }
}
