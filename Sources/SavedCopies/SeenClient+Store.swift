import CourseKit
import Synchronization

extension SeenClient {
    /// The records `store` keeps for the account: read from disk for the account `remembered`
    /// names, written in the background once `account` is known, and read back from memory at
    /// once, so that a course recorded a moment ago is never read as it was before.
    ///
    /// Each course's file is read at most once a run, found or not: the course list counts
    /// every course on each planner answer, on the main actor. What was read stands until the
    /// course is recorded again here; another instance's record is read on the next start.
    public static func store(
        _ store: SavedCopyStore,
        remembered: @escaping @Sendable () -> SavedCopyAccount?,
        account: @escaping @Sendable () async -> SavedCopyAccount?
    ) -> SeenClient {
        // By course: what was recorded or read; nil inside where the disk had none.
        let known = Mutex<[CourseID: SeenCourse?]>([:])
        let writer = SavedCopyWriter(store: store, account: account)
        return SeenClient(
            seen: { course in
                if let seen = known.withLock({ $0[course] }) { return seen }
                // Before the account is known there is nothing to read, and nothing to keep.
                guard let account = remembered() else { return nil }
                let read = store.seen(course, of: account)
                return known.withLock { known in
                    // A record made while the file was read is newer than what it said.
                    if let recorded = known[course] { return recorded }
                    known[course] = .some(read)
                    return read
                }
            },
            record: { course, seen in
                known.withLock { $0[course] = .some(seen) }
                writer.perform { store, account in store.record(seen, for: course, of: account) }
            }
        )
    }
}
