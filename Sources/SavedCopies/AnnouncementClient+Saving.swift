import CourseKit
import Synchronization

extension AnnouncementClient {
    /// The same client, each course's announcements also saved in `store` for the account
    /// `account` names once it is known; one marked read is saved read too, so a start
    /// without a network doesn't show it unread again.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> AnnouncementClient {
        let writer = SavedCopyWriter(store: store, account: account)
        // The last list read of each course, which a mark changes before it is saved again.
        let lists = Mutex<[CourseID: [Announcement]]>([:])
        let client = self
        return AnnouncementClient(
            announcements: { id, progress in
                let announcements = try await client.announcements(id, progress)
                lists.withLock { $0[id] = announcements }
                writer.save(announcements, as: .announcements(id))
                return announcements
            },
            markRead: { course, announcement in
                try await client.markRead(course, announcement)
                let marked: [Announcement]? = lists.withLock { lists in
                    guard var list = lists[course], let index = list.firstIndex(where: { $0.id == announcement }) else { return nil }
                    list[index].isRead = true
                    lists[course] = list
                    return list
                }
                if let marked { writer.save(marked, as: .announcements(course)) }
            }
        )
    }
}
