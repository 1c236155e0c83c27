import Synchronization

/// Keeps the `NotificationRecord` between runs, beside the saved copies of the account it belongs to.
///
/// Best effort, as the saved copies are: a record that can't be read counts as none (a first
/// run, which tells nothing), and one that can't be written is only forgotten.
public struct NotificationLog: Sendable {
    /// The record kept so far; nil when there is none yet.
    public var load: @Sendable () -> NotificationRecord?
    public var save: @Sendable (_ record: NotificationRecord) -> Void

    public init(load: @escaping @Sendable () -> NotificationRecord?, save: @escaping @Sendable (_ record: NotificationRecord) -> Void) {
        self.load = load
        self.save = save
    }
}

extension NotificationLog {
    /// Keeps nothing: every answer is a first run's, so nothing is ever told.
    public static let none = NotificationLog(load: { nil }, save: { _ in })

    /// A record that lasts as long as the process: for the catalogs, and `--no-cache`.
    public static func inMemory() -> NotificationLog {
        let record = Mutex<NotificationRecord?>(nil)
        return NotificationLog(
            load: { record.withLock { $0 } },
            save: { new in record.withLock { $0 = new } }
        )
    }
}

extension NotificationLog: Unimplementable {
    /// Has no record, as on a first run, after reporting each call.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> NotificationLog {
        NotificationLog(
            load: {
                report("NotificationLog.load")
                return nil
            },
            save: { _ in report("NotificationLog.save") }
        )
    }
}
