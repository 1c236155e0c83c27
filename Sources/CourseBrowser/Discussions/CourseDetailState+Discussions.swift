import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The selected discussion, or the one of the reply selected, while it is on the page.
    var selectedTopic: DiscussionTopic? {
        guard let selectedItem else { return nil }
        return discussions.value?.first { topic in
            let item = DetailItem.id(ofTopic: topic.id)
            return selectedItem == item || selectedItem.hasPrefix(DetailItem.id(ofEntry: "", in: topic.id))
        }
    }

    /// Opens the selected discussion's thread, loading it the first time, or folds it again,
    /// selecting the discussion where a reply in it was selected.
    mutating func readSelectedTopic() -> [Effect] {
        guard let topic = selectedTopic else { return [] }
        if discussionReading.opened.remove(topic.id) != nil {
            wantedItem = DetailItem.id(ofTopic: topic.id)
            return []
        }
        return open(topic)
    }

    /// Opens the discussion another pane asked for, once the discussions are there; one the
    /// course doesn't have is given up once they are.
    mutating func openWantedTopic() -> [Effect] {
        guard let wanted = discussionReading.wanted, let topics = discussions.value else { return [] }
        discussionReading.wanted = nil
        guard let topic = topics.first(where: { $0.id == wanted }), !discussionReading.opened.contains(wanted) else { return [] }
        return open(topic)
    }

    /// Opens `topic`'s thread, loading it the first time.
    private mutating func open(_ topic: DiscussionTopic) -> [Effect] {
        discussionReading.opened.insert(topic.id)
        discussionReading.revealed = topic.id
        discussionReading.keepPost(of: topic)
        // The list says so already: there is nothing to ask until the student posts.
        if topic.repliesHiddenUntilPost {
            discussionReading.threads[topic.id] = .hiddenUntilPost
            return []
        }
        guard topic.replyCount > 0, discussionReading.threads[topic.id]?.entries == nil else { return [] }
        discussionReading.threads[topic.id] = nil
        return [.loadThread(topic.id)]
    }

    /// Shows a thread that arrived, its unread replies marked as they were, and tells the backend
    /// they were read; an answer about a course no longer shown is dropped.
    mutating func receiveThread(_ result: Result<[DiscussionEntry], any Error>, topic: String, course: CourseID) -> [Effect] {
        guard course == courseID else { return [] }
        guard discussionReading.opened.contains(topic) else { return [] }
        switch result {
        case let .failure(error):
            discussionReading.threads[topic] = error as? DiscussionError == .postFirst ? .hiddenUntilPost : .failed(LoadFailure(error))
            return []
        case let .success(entries):
            discussionReading.stale[topic] = nil
            discussionReading.keep(entries, of: topic)
            // A reply just posted is selected instead, once its line is there.
            if wantedItem == nil {
                discussionReading.revealed = topic
            }
            return markRead(entries, of: topic)
        }
    }

    /// Tells the backend the unread replies among `entries` were read, and lists the topic read.
    private mutating func markRead(_ entries: [DiscussionEntry], of topic: String) -> [Effect] {
        let unread = entries.flatMap(\.unreadIDs)
        guard !unread.isEmpty else { return [] }
        discussionReading.marked.insert(topic)
        showMarkedTopicsRead()
        return [.markTopicRead(topic, entries: unread)]
    }

    /// Shows a thread as last saved, as loading it failed, saying so; its replies are marked read
    /// once it loads, as the backend can't be told now.
    mutating func receiveSavedThread(_ copy: Saved<[DiscussionEntry]>, failure: any Error, topic: String, course: CourseID) {
        guard course == courseID, discussionReading.opened.contains(topic) else { return }
        discussionReading.keep(copy.value, of: topic)
        discussionReading.stale[topic] = (copy.savedAt, LoadFailure(failure))
        if wantedItem == nil {
            discussionReading.revealed = topic
        }
    }

    /// Applies a load of the discussions, keeping those read here read whatever the list says,
    /// and opens the one another pane asked for.
    mutating func receiveDiscussions(_ event: LoadEvent<[DiscussionTopic]>) -> [Effect] {
        discussions.apply(event)
        // A post edited since its topic was opened shows as it is now.
        if case let .finished(.success(topics)) = event {
            for topic in topics where discussionReading.opened.contains(topic.id) {
                discussionReading.keepPost(of: topic)
            }
        }
        showMarkedTopicsRead()
        return openWantedTopic()
    }

    /// Notes how marking a topic's replies read ended.
    mutating func receiveTopicMarkedRead(_ topic: String, entries: [String], course: CourseID, failure: (any Error)?) {
        guard course == courseID else { return }
        discussionReading.failures[topic] = failure.map { (LoadFailure($0), entries) }
    }

    /// Loading again each open thread that failed to load, and each shown as saved.
    mutating func retryThreads() -> [Effect] {
        let failed = discussionReading.threads.filter(\.value.hasFailed).keys.sorted()
        for topic in failed {
            discussionReading.threads[topic] = nil
        }
        // A saved thread stays on screen while it loads.
        return (failed + discussionReading.stale.keys.sorted()).map(Effect.loadThread)
    }

    /// Marking read again, for each topic whose marks the backend did not take.
    mutating func retryMarkingTopicsRead() -> [Effect] {
        let failed = discussionReading.failures.sorted { $0.key < $1.key }
        discussionReading.failures = [:]
        return failed.map { Effect.markTopicRead($0.key, entries: $0.value.entries) }
    }

    private mutating func showMarkedTopicsRead() {
        let marked = discussionReading.marked
        guard discussions.value?.contains(where: { marked.contains($0.id) && $0.unreadCount > 0 }) == true else { return }
        discussions.modify { topics in
            for index in topics.indices where marked.contains(topics[index].id) {
                topics[index].unreadCount = 0
            }
        }
    }
}
