import CourseKit
import Synchronization

extension SeenClient {
    /// The records `store` keeps for the account: read from disk for the account `remembered`
    /// names, written in the background once `account` is known, and read back from memory at
    /// once, so that a course recorded a moment ago is never read as it was before.
    public static func store(
        _ store: SavedCopyStore,
        remembered: @escaping @Sendable () -> SavedCopyAccount?,
        account: @escaping @Sendable () async -> SavedCopyAccount?
    ) -> SeenClient {
        let recorded = Mutex<[CourseID: SeenCourse]>([:])
        let writer = SavedCopyWriter(store: store, account: account)
        return SeenClient(
            seen: { course in
                if let seen = recorded.withLock({ $0[course] }) { return seen }
                return remembered().flatMap { store.seen(course, of: $0) }
            },
            record: { course, seen in
                recorded.withLock { $0[course] = seen }
                writer.perform { store, account in store.record(seen, for: course, of: account) }
            }
        )
    }
}
