import CourseKit

extension NotificationLog {
    /// The record in `store`, beside the saved copies of the account `account` gives; while it
    /// gives none (the token's user not learned yet), there is no record and nothing is kept.
    public static func store(_ store: SavedCopyStore, account: @escaping @Sendable () -> SavedCopyAccount?) -> NotificationLog {
        NotificationLog(
            load: { account().flatMap { store.read(.notified, of: $0, as: NotificationRecord.self)?.value } },
            save: { record in
                if let account = account() { store.write(record, as: .notified, of: account) }
            }
        )
    }
}
