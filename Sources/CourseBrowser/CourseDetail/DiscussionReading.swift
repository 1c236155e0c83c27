import CourseKit

/// What the reader did with a course's discussions in the Course pane: which topics are open,
/// each open one's thread as it loads, and the replies marked read here.
struct DiscussionReading {
    /// An opened topic's replies, once the backend answered.
    enum Thread {
        case loaded([DiscussionEntry])
        /// The teacher shows the replies only to those who have posted: nothing to retry.
        case hiddenUntilPost
        case failed(LoadFailure)

        var hasFailed: Bool {
            if case .failed = self { return true }
            return false
        }

        var entries: [DiscussionEntry]? {
            if case let .loaded(entries) = self { return entries }
            return nil
        }
    }

    /// The topics opened with Enter, by ID.
    var opened: Set<String> = []
    /// Each opened topic's replies, or why they couldn't be loaded, by topic ID; none while they load.
    var threads: [String: Thread] = [:]
    /// The topics whose replies were all marked read here, by ID: the list shows them read
    /// whatever a later answer says, as the mark may not have reached the backend yet.
    var marked: Set<String> = []
    /// Why telling the backend a topic's replies were read failed, by topic ID, with the replies,
    /// until `r` tells it again.
    var failures: [String: (failure: LoadFailure, entries: [String])] = [:]
}
