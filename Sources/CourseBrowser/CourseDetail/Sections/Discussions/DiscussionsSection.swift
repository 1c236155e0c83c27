import CourseKit
import FoundationEssentials
import TerminalUI

/// The course's discussions, latest activity first: Enter opens one with its replies, which
/// marks them read; none where the backend keeps none here.
struct DiscussionsSection: FetchedSection {
    static let kind = CourseSectionKind.discussions
    static let label = "discussions"
    private(set) var load = LoadState<[DiscussionTopic]>()
    /// Which discussions are open, their threads, and which were marked read here.
    var reading = DiscussionReading()

    /// The discussion the item `id` stands for, or the one of the reply it stands for.
    func topic(item id: String?) -> DiscussionTopic? {
        guard let id else { return nil }
        return load.value?.first { topic in
            id == DetailItem.id(ofTopic: topic.id) || id.hasPrefix(DetailItem.id(ofEntry: "", in: topic.id))
        }
    }

    /// The reply the item `id` stands for in an open discussion: its discussion, the reply, and
    /// the top post of its thread, under which a backend lists every reply of it.
    func entry(item id: String?) -> (topic: DiscussionTopic, entry: DiscussionEntry, thread: String)? {
        guard let id, let topics = load.value else { return nil }
        for topic in topics {
            let prefix = DetailItem.id(ofEntry: "", in: topic.id)
            guard id.hasPrefix(prefix), let entries = reading.threads[topic.id]?.entries else { continue }
            let entryID = String(id.dropFirst(prefix.count))
            for top in entries {
                if let entry = Self.find(entryID, in: top) { return (topic, entry, top.id) }
            }
        }
        return nil
    }

    private static func find(_ id: String, in entry: DiscussionEntry) -> DiscussionEntry? {
        if entry.id == id { return entry }
        return entry.replies.lazy.compactMap { find(id, in: $0) }.first
    }

    /// Opens the thread of the discussion the item `id` stands for (or of the reply it stands
    /// for), loading it the first time, or folds it again, selecting the discussion where a reply
    /// in it was selected.
    mutating func read(item id: String) -> SectionReply? {
        guard let topic = topic(item: id) else { return nil }
        if reading.opened.remove(topic.id) != nil {
            return SectionReply(select: DetailItem.id(ofTopic: topic.id))
        }
        return SectionReply(effects: open(topic))
    }

    /// Opens the discussion another pane asked for, once the discussions are there; one the
    /// course doesn't have is given up once they are.
    mutating func openWanted() -> [CourseDetailState.Effect] {
        guard let wanted = reading.wanted, let topics = load.value else { return [] }
        reading.wanted = nil
        guard let topic = topics.first(where: { $0.id == wanted }), !reading.opened.contains(wanted) else { return [] }
        return open(topic)
    }

    /// Opens `topic`'s thread, loading it the first time.
    private mutating func open(_ topic: DiscussionTopic) -> [CourseDetailState.Effect] {
        reading.opened.insert(topic.id)
        reading.revealed = topic.id
        reading.keepPost(of: topic)
        // The list says so already: there is nothing to ask until the student posts.
        if topic.repliesHiddenUntilPost {
            reading.threads[topic.id] = .hiddenUntilPost
            return []
        }
        guard topic.replyCount > 0, reading.threads[topic.id]?.entries == nil else { return [] }
        reading.threads[topic.id] = nil
        return [.loadThread(topic.id)]
    }

    /// Shows a thread that arrived, its unread replies marked as they were, and tells the backend
    /// they were read. A reply just posted (`wantedItem`) is selected instead of the thread revealed.
    mutating func receiveThread(_ result: Result<[DiscussionEntry], any Error>, topic: String, wantedItem: String?) -> [CourseDetailState.Effect] {
        guard reading.opened.contains(topic) else { return [] }
        switch result {
        case let .failure(error):
            reading.threads[topic] = error as? DiscussionError == .postFirst ? .hiddenUntilPost : .failed(LoadFailure(error))
            return []
        case let .success(entries):
            reading.stale[topic] = nil
            reading.keep(entries, of: topic)
            if wantedItem == nil {
                reading.revealed = topic
            }
            return markRead(entries, of: topic)
        }
    }

    /// Tells the backend the unread replies among `entries` were read, and lists the topic read.
    private mutating func markRead(_ entries: [DiscussionEntry], of topic: String) -> [CourseDetailState.Effect] {
        let unread = entries.flatMap(\.unreadIDs)
        guard !unread.isEmpty else { return [] }
        reading.marked.insert(topic)
        showMarkedRead()
        return [.markTopicRead(topic, entries: unread)]
    }

    /// Shows a thread as last saved, as loading it failed, saying so; its replies are marked read
    /// once it loads, as the backend can't be told now.
    mutating func receiveSavedThread(_ copy: Saved<[DiscussionEntry]>, failure: any Error, topic: String, wantedItem: String?) {
        guard reading.opened.contains(topic) else { return }
        reading.keep(copy.value, of: topic)
        reading.stale[topic] = (copy.savedAt, LoadFailure(failure))
        if wantedItem == nil {
            reading.revealed = topic
        }
    }

    /// Applies a load, keeping those read here read whatever the list says, and opens the one
    /// another pane asked for.
    mutating func update(_ event: LoadEvent<[DiscussionTopic]>) -> [CourseDetailState.Effect] {
        load.apply(event)
        // A post edited since its topic was opened shows as it is now.
        if case let .finished(.success(topics)) = event {
            for topic in topics where reading.opened.contains(topic.id) {
                reading.keepPost(of: topic)
            }
        }
        showMarkedRead()
        return openWanted()
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<[DiscussionTopic]> {
        let client = environment.discussions
        return SectionSource(saved: environment.savedCopies.discussions) { try await client.topics($0, $1) }
    }

    /// Notes how marking a topic's replies read ended.
    mutating func topicMarkedRead(_ topic: String, entries: [String], failure: (any Error)?) {
        reading.failures[topic] = failure.map { (LoadFailure($0), entries) }
    }

    /// Loading again each open thread that failed to load, and each shown as saved.
    mutating func retryThreads() -> [CourseDetailState.Effect] {
        let failed = reading.threads.filter(\.value.hasFailed).keys.sorted()
        for topic in failed {
            reading.threads[topic] = nil
        }
        // A saved thread stays on screen while it loads.
        return (failed + reading.stale.keys.sorted()).map(CourseDetailState.Effect.loadThread)
    }

    /// Marking read again, for each topic whose marks the backend did not take.
    mutating func retryMarkingRead() -> [CourseDetailState.Effect] {
        let failed = reading.failures.sorted { $0.key < $1.key }
        reading.failures = [:]
        return failed.map { CourseDetailState.Effect.markTopicRead($0.key, entries: $0.value.entries) }
    }

    /// Whether a thread or a mark read failed, or a thread shows as saved: what `r` tries again.
    var hasFailure: Bool {
        !reading.failures.isEmpty || reading.threads.values.contains(where: \.hasFailed) || !reading.stale.isEmpty
    }

    /// A course without discussions (most, and every one where the backend keeps none here) has
    /// no section, nor a loading row that would come and go above the syllabus.
    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load), load.value?.isEmpty == false || load.failureMessage != nil else { return SectionLines() }
        return SectionLines(
            Self.heading("Discussions", count: load.value?.count, landmark: "discussions")
                + rows(width: context.width, glyphs: context.glyphs) { topics in
                    DiscussionLayout.lines(for: topics, reading: reading, width: context.width, now: context.now, glyphs: context.glyphs)
                }
        )
    }

    private mutating func showMarkedRead() {
        let marked = reading.marked
        guard load.value?.contains(where: { marked.contains($0.id) && $0.unreadCount > 0 }) == true else { return }
        load.modify { topics in
            for index in topics.indices where marked.contains(topics[index].id) {
                topics[index].unreadCount = 0
            }
        }
    }
}

extension DiscussionsSection {
    static let bindings: [Binding<CourseDetailState.Action>] = [
        Binding(
            [[.character("R")]], does: "reply to the selected discussion, or to the reply selected in it, written in your editor ($VISUAL or $EDITOR)",
            hint: "reply", action: .reply
        ),
    ]

    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? {
        switch action {
        case .read: return topic(item: pane.selectedItem) == nil ? nil : .enabled
        case .reply: return replyAvailability(item: pane.selectedItem, refusal: pane.capabilities.discussionPostRefusal)
        default: return nil
        }
    }

    /// Whether `R` can start a reply to the item `id` now, and if not, why; `refusal`: why the
    /// backend takes no replies from here, if it takes none.
    private func replyAvailability(item id: String?, refusal: String?) -> Availability {
        if let refusal { return .disabled(refusal) }
        guard let topic = topic(item: id) else { return .disabled("Select a discussion, or a reply in an open one, with j/k or n/p first") }
        // Canvas's own words for a topic that takes no more replies.
        if topic.isClosed { return .disabled("“\(Sanitizer.clean(topic.title))” is closed for comments") }
        if entry(item: id)?.entry.isDeleted == true { return .disabled("That reply was deleted; reply to the discussion or another reply") }
        return .enabled
    }
}

extension CourseSectionKind {
    static let discussions = CourseSectionKind("discussions")
}
