/// Why a discussion's replies can't be shown, or a reply can't be posted.
public enum DiscussionError: Error, Equatable, UserFacingError, TransientError {
    /// The teacher shows the replies only to those who have posted, and the student hasn't.
    case postFirst
    /// The teacher takes replies only from those who have posted to the discussion itself, and
    /// the student hasn't.
    case replyBeforePost

    public var userMessage: String {
        switch self {
        case .postFirst: return "The teacher shows the replies once you have posted to this discussion yourself"
        case .replyBeforePost: return "The teacher takes replies once you have posted to this discussion yourself; post to it first"
        }
    }

    /// Waiting won't post for the student.
    public var isTransient: Bool { false }
    /// Refused before anything was made.
    public var changedNothing: Bool { true }
}
