import CourseKit
import Synchronization

extension NotificationLog {
    /// The record in `store`, beside the saved copies of the account `account` gives; while it
    /// gives none (the token's user not learned yet), there is no record and nothing is kept.
    ///
    /// Saved in the background, so the screen never waits on the disk, and read back from
    /// memory until then, so that an answer right after another is not told as new again.
    public static func store(_ store: SavedCopyStore, account: @escaping @Sendable () -> SavedCopyAccount?) -> NotificationLog {
        Self.store(store, account: account, writer: SavedCopyWriter(store: store) { account() })
    }

    /// The record in `store`, written by `writer`.
    static func store(
        _ store: SavedCopyStore, account: @escaping @Sendable () -> SavedCopyAccount?, writer: SavedCopyWriter
    ) -> NotificationLog {
        let latest = Mutex<(account: SavedCopyAccount, record: NotificationRecord)?>(nil)
        return NotificationLog(
            load: {
                guard let account = account() else { return nil }
                if let saved = latest.withLock({ $0 }), saved.account == account { return saved.record }
                return store.read(.notified, of: account, as: NotificationRecord.self)?.value
            },
            save: { record in
                guard let account = account() else { return }
                latest.withLock { $0 = (account, record) }
                writer.perform { store, _ in store.write(record, as: .notified, of: account) }
            }
        )
    }
}
