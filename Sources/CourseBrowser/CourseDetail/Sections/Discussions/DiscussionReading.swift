import CourseKit
import FoundationEssentials
import HTMLText

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

    /// Whose message a text is: a topic's post or a reply.
    enum Message: Hashable {
        case topic(String)
        case entry(String)
    }

    /// The topics opened with Enter, by ID.
    var opened: Set<String> = []
    /// A topic to open once the discussions are shown, as when the Due pane opens a course on it.
    var wanted: String?
    /// A topic whose thread was just opened or loaded, to bring into view at the next layout.
    var revealed: String?
    /// Each opened topic's replies, or why they couldn't be loaded, by topic ID; none while they load.
    var threads: [String: Thread] = [:]
    /// The posts of the opened topics and their replies as text, turned from HTML once, as they
    /// arrive, rather than at every layout.
    var messages: [Message: [TextBlock]] = [:]
    /// The topics whose replies were all marked read here, by ID: the list shows them read
    /// whatever a later answer says, as the mark may not have reached the backend yet.
    var marked: Set<String> = []
    /// The open threads shown as last saved, as loading them failed: when they were saved and why
    /// they couldn't be loaded, by topic ID, until `r` loads them.
    var stale: [String: (savedAt: Date, failure: LoadFailure)] = [:]
    /// Why telling the backend a topic's replies were read failed, by topic ID, with the replies,
    /// until `r` tells it again.
    var failures: [String: (failure: LoadFailure, entries: [String])] = [:]

    /// Keeps `topic`'s post as text.
    mutating func keepPost(of topic: DiscussionTopic) {
        messages[.topic(topic.id)] = HTMLText.blocks(from: topic.messageHTML)
    }

    /// Keeps the thread `entries` of `topic`, and each reply's message as text.
    mutating func keep(_ entries: [DiscussionEntry], of topic: String) {
        threads[topic] = .loaded(entries)
        var pending = entries
        while let entry = pending.popLast() {
            messages[.entry(entry.id)] = HTMLText.blocks(from: entry.messageHTML)
            pending += entry.replies
        }
    }
}
