import Foundation

/// News from deep inside a load that the waiting pane should show, such as a throttling wait.
///
/// A pane's loader binds a reporter around its operation; a backend calls `report`
/// from wherever it is. It travels as a task-local because it belongs to one load,
/// not to the environment: every load has its own.
public enum LoadProgress {
    /// What a load is waiting for.
    public struct Note: Equatable, Sendable {
        /// Why it waits, for example "rate limited".
        public var reason: String
        /// When it tries again.
        public var retryAt: Date

        public init(reason: String, retryAt: Date) {
            self.reason = reason
            self.retryAt = retryAt
        }
    }

    @TaskLocal public static var reporter: (@Sendable (Note?) -> Void)?

    /// Tells the pane waiting on the current load about `note`; `nil` clears it.
    public static func report(_ note: Note?) {
        reporter?(note)
    }
}
