import CourseKit
import Synchronization

extension DiscussionClient {
    /// The same client, each course's discussions and each thread read also saved in `store` for
    /// the account `account` names once it is known; replies marked read are saved read, and their
    /// discussion with nothing unread, so a start without a network doesn't show them new again.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> DiscussionClient {
        let writer = SavedCopyWriter(store: store, account: account)
        // The last list and threads read, which a mark changes before they are saved again.
        let lists = Mutex<[CourseID: [DiscussionTopic]]>([:])
        let threads = Mutex<[String: [DiscussionEntry]]>([:])
        let client = self
        return DiscussionClient(
            topics: { course, progress in
                let topics = try await client.topics(course, progress)
                lists.withLock { $0[course] = topics }
                writer.save(topics, as: .discussions(course))
                return topics
            },
            thread: { course, topic in
                let entries = try await client.thread(course, topic)
                threads.withLock { $0[Self.key(course, topic)] = entries }
                writer.save(entries, as: .thread(course, topic: topic))
                return entries
            },
            markRead: { course, topic, entryIDs in
                try await client.markRead(course, topic, entryIDs)
                let read = Set(entryIDs)
                let thread: [DiscussionEntry]? = threads.withLock { threads in
                    guard let entries = threads[Self.key(course, topic)] else { return nil }
                    let marked = entries.map { $0.reading(read) }
                    threads[Self.key(course, topic)] = marked
                    return marked
                }
                if let thread { writer.save(thread, as: .thread(course, topic: topic)) }
                let list: [DiscussionTopic]? = lists.withLock { lists in
                    guard var list = lists[course], let index = list.firstIndex(where: { $0.id == topic }) else { return nil }
                    list[index].unreadCount = 0
                    lists[course] = list
                    return list
                }
                if let list { writer.save(list, as: .discussions(course)) }
            }
        )
    }

    private static func key(_ course: CourseID, _ topic: String) -> String {
        course.rawValue + "\n" + topic
    }
}
