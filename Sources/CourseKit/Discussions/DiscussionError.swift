/// Why a discussion's replies can't be shown.
public enum DiscussionError: Error, Equatable, UserFacingError {
    /// The teacher shows the replies only to those who have posted, and the student hasn't.
    case postFirst

    public var userMessage: String {
        switch self {
        case .postFirst: return "The teacher shows the replies once you have posted to this discussion yourself"
        }
    }
}
